import { useEffect, useState, type ComponentType } from 'react';

import { loadRemoteModule } from '../../remotes.ts';
import { useSession } from '../session/useSession.ts';

/**
 * The call overlay slot (design.md): the chat remote's CallOverlay, mounted above every route
 * while signed in, so a call rings and keeps talking whatever page the user is on. It shows
 * nothing until a call exists; if the remote cannot load it retries on the next sign-in.
 */
export function CallSlot() {
  const session = useSession();
  const signedIn = Boolean(session?.user_id);
  const [Overlay, setOverlay] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!signedIn || Overlay) return;
    let alive = true;
    loadRemoteModule<{ default: ComponentType }>('chat/CallOverlay', false)
      .then((mod) => alive && setOverlay(() => mod.default))
      .catch((error: unknown) => console.error('call overlay could not load', error));
    return () => {
      alive = false;
    };
  }, [signedIn, Overlay]);
  return signedIn && Overlay ? <Overlay key={session?.user_id} /> : null;
}
