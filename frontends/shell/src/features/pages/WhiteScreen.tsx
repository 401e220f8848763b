import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'wouter';

import { strings } from '../../strings.ts';

/** Spec topics-chat-calls §9: the whitescreen redirect waits 500 ms. */
export const WHITESCREEN_RETURN_MS = 500;

/** Only a chat room is reloaded this way; anything else (or nothing) goes home. */
export function whitescreenTarget(to: string | null): string {
  return to && /^\/chat\/[A-Za-z0-9-]{1,64}$/.test(to) ? to : '/';
}

/**
 * /whitescreen?to=/chat/{roomId}: the transient blank page the spec uses to reload the chat route.
 * It shows nothing (a screen reader hears that the page is loading) and returns after 500 ms,
 * replacing itself in history so Back does not land on a blank page.
 */
export function WhiteScreen() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const to = whitescreenTarget(params.get('to'));
  useEffect(() => {
    const t = setTimeout(() => navigate(to, { replace: true }), WHITESCREEN_RETURN_MS);
    return () => clearTimeout(t);
  }, [navigate, to]);
  return (
    <main className="hn-page" aria-busy="true">
      <span className="hn-visually-hidden" role="status">
        {strings.loading}
      </span>
    </main>
  );
}
