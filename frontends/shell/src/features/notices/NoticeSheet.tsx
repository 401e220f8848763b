import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { getApi } from '@honne/api-client';
import { safetyEndpoints, type Notice } from '@honne/contracts/safety';
import { BottomSheet, Button } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useSession } from '../session/useSession.ts';

import { NoticeBody } from './NoticeBody.tsx';
import { markSeen, seenIds } from './seen.ts';

/** Screens opened within this long of the last look do not ask again. */
const LOOK_EVERY_MS = 30_000;

/**
 * A moderator's notice (issue 27: warn, mute, suspend, ban, a hidden voice) on the next screen the
 * person opens: what, why (the template names the reason), until when, and — once, within 20 days —
 * an appeal of up to 2,000 characters, which enters the moderators' queue.
 */
export function NoticeSheet() {
  const session = useSession();
  const [location] = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const lastLook = useRef(0);

  // Whose notices are wanted now: an answer for someone signed out meanwhile is dropped.
  const userId = session?.user_id ?? null;
  const wanted = useRef(userId);
  wanted.current = userId;

  useEffect(() => {
    if (!userId || notice) return;
    const now = Date.now();
    if (now - lastLook.current < LOOK_EVERY_MS) return;
    lastLook.current = now;
    // Not cancelled by the next screen: signing in lands on another path at once, and the look
    // started on the way must still show what it finds.
    getApi()
      .client.call(safetyEndpoints.notices)
      .then(
        ({ data }) => {
          const seen = new Set(seenIds());
          // Oldest first (the answer is newest first): a suspension before the lift that ended it.
          const next = data.findLast((n) => !seen.has(n.id));
          if (wanted.current === userId && next) setNotice(next);
        },
        () => undefined, // No notice is better than an error popup over the screen the person opened.
      );
  }, [userId, location, notice]);

  // Signing out forgets when we last looked: the next person (or character) is asked at once.
  useEffect(() => {
    if (!session) lastLook.current = 0;
  }, [session]);

  if (!notice || !session) return null;
  const close = () => {
    markSeen(notice.id);
    // The next unseen notice, if any, comes at once rather than on a later screen.
    lastLook.current = 0;
    setNotice(null);
  };
  return (
    <BottomSheet title={notice.title} onClose={close}>
      <NoticeBody notice={notice}>
        <Button variant="text" block onClick={close}>
          {strings.noticeClose}
        </Button>
      </NoticeBody>
    </BottomSheet>
  );
}
