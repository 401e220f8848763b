import { useState, type ReactNode } from 'react';

import { getApi, userMessage } from '@honne/api-client';
import { SAFETY_LIMITS, SAFETY_MESSAGES, safetyEndpoints, type Notice } from '@honne/contracts/safety';
import { Button, LimitedTextArea, ErrorLine } from '@honne/ui';

import { strings } from '../../strings.ts';

const dateTime = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

/**
 * One notice: what, why, until when, and its appeal (once, within 20 days). `token` is a suspended
 * person's notice token on /restricted; signed in, the session's own is used.
 */
export function NoticeBody({ notice, token, children }: { notice: Notice; token?: string; children?: ReactNode }) {
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
      await getApi().client.call(safetyEndpoints.appeal, {
        params: { id: notice.id },
        body: { content },
        ...(token ? { token } : {}),
      });
      setSent(true);
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
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
          <ErrorLine message={error} />
          <Button type="submit" block loading={busy}>
            {strings.noticeAppealSend}
          </Button>
        </form>
      ) : notice.appeal_until ? (
        <Button variant="secondary" block onClick={() => setAppealing(true)}>
          {strings.noticeAppeal}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
