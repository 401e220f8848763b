import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

import { getApi, userMessage } from '@honne/api-client';
import { SAFETY_LIMITS, SAFETY_MESSAGES, safetyEndpoints, type Notice } from '@honne/contracts/safety';
import { BottomSheet, Button, LimitedTextArea } from '@honne/ui';

import { strings } from '../../strings.ts';
import { useSession } from '../session/useSession.ts';

const SEEN_KEY = 'honne.notices.seen';
/** Screens opened within this long of the last look do not ask again. */
const LOOK_EVERY_MS = 30_000;

const dateTime = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

function seenIds(): string[] {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}
function markSeen(id: string): void {
  localStorage.setItem(SEEN_KEY, JSON.stringify([...seenIds().filter((x) => x !== id), id].slice(-50)));
}

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
  return <NoticeView notice={notice} onClose={close} />;
}

function NoticeView({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const [appealing, setAppealing] = useState(false);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!content.trim()) return setError(strings.noticeEmpty);
    setBusy(true);
    setError(undefined);
    try {
      await getApi().client.call(safetyEndpoints.appeal, { params: { id: notice.id }, body: { content } });
      setSent(true);
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <BottomSheet title={notice.title} onClose={onClose}>
      <div className="hn-stack" data-testid="moderation-notice">
        <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{notice.body}</p>
        {notice.until ? (
          <p style={{ margin: 0, fontWeight: 700 }}>{strings.noticeUntil(dateTime.format(new Date(notice.until)))}</p>
        ) : null}
        {sent ? (
          <p role="status">{strings.noticeAppealSent}</p>
        ) : notice.appealed ? (
          <p>{strings.noticeAppealed}</p>
        ) : notice.appeal_until && appealing ? (
          <form
            className="hn-stack"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <LimitedTextArea
              label={strings.noticeAppealLabel}
              value={content}
              onChange={setContent}
              max={SAFETY_LIMITS.appealMax}
              overMessage={SAFETY_MESSAGES.appealTooLong}
              rows={5}
            />
            <p className="hn-text-muted" style={{ margin: 0 }}>
              {strings.noticeAppealHint(dateTime.format(new Date(notice.appeal_until)))}
            </p>
            {error ? (
              <p className="hn-field__error" role="alert">
                {error}
              </p>
            ) : null}
            <Button type="submit" block loading={busy}>
              {strings.noticeAppealSend}
            </Button>
          </form>
        ) : notice.appeal_until ? (
          <Button variant="secondary" block onClick={() => setAppealing(true)}>
            {strings.noticeAppeal}
          </Button>
        ) : null}
        <Button variant="text" block onClick={onClose}>
          {strings.noticeClose}
        </Button>
      </div>
    </BottomSheet>
  );
}
