import { Button, usePopup } from '@honne/ui';

import { strings } from '../../../strings.ts';
import { MicIcon } from '../../shared/icons.tsx';

import { RECORD_MAX_MS, useRecorder, type Recording } from './useRecorder.ts';

const t = strings.calls;

const MIC_MESSAGE = { insecure: t.micInsecure, denied: t.micDenied, absent: t.micAbsent } as const;

/**
 * The greeting recorder shown before a call is placed (spec §4): record up to 20 s with pause and
 * resume, then 'send to partner' or 'redo', with playback. A saved greeting counts as recorded.
 */
export function GreetingRecorder({
  saved,
  busy,
  onSend,
  onCancel,
}: {
  saved: Recording | null;
  busy: boolean;
  /** The greeting to send, or null to call without one. */
  onSend: (recording: Recording | null) => void;
  onCancel: () => void;
}) {
  const popup = usePopup();
  const r = useRecorder(saved);
  // A greeting is welcome, not required (walk #15): with nothing recorded the call goes without one.
  // The spec's '録画を終了しなければします。' is for a recording still running when 'send' is tapped.
  const running = r.state === 'recording' || r.state === 'paused';
  const none = !r.recording && (r.state === 'idle' || r.state === 'recorded');
  const send = () => {
    if (running || (!r.recording && !none)) {
      void popup.alert(t.recordingMissing);
      return;
    }
    onSend(r.recording ?? null);
  };
  const pct = Math.min(100, (r.elapsed / RECORD_MAX_MS) * 100);
  return (
    <>
      <div className="cl-head">
        <h2>{t.recorderTitle}</h2>
      </div>
      <div className="cl-body">
        <p className="cl-comment">{r.recording === saved && saved ? t.recorderSaved : t.recorderLead}</p>
        <div className="cl-avatar" aria-hidden="true">
          <span
            className="cl-control__disc"
            style={{ width: 96, height: 96, background: r.state === 'recording' ? '#e5484d' : undefined }}
          >
            <MicIcon size={44} />
          </span>
        </div>
        <p className="cl-status" role="status">
          {r.state === 'recording'
            ? t.recordingNow
            : r.state === 'paused'
              ? t.pausedNow
              : r.state === 'finishing'
                ? t.finishingNow
                : ''}
        </p>
        {r.state === 'recording' || r.state === 'paused' ? (
          <>
            <progress
              max={100}
              value={pct}
              style={{ width: '100%', accentColor: '#fff' }}
              aria-label={t.recordTime(r.elapsed, RECORD_MAX_MS)}
            />
            <p className="cl-elapsed" style={{ fontSize: 18 }}>
              {t.recordTime(r.elapsed, RECORD_MAX_MS)}
            </p>
          </>
        ) : null}
        {r.problem || r.empty ? (
          <p className="cl-note" role="alert">
            {r.problem ? MIC_MESSAGE[r.problem] : t.recordingEmpty}
          </p>
        ) : null}
      </div>
      <div className="cl-body" style={{ flex: 'none', gap: 'var(--hn-space-2)', alignItems: 'stretch' }}>
        {r.state === 'idle' ? <Button onClick={() => void r.start()}>{t.record}</Button> : null}
        {r.state === 'recording' || r.state === 'paused' ? (
          <div style={{ display: 'flex', gap: 8 }}>
            <Button variant="secondary" block onClick={r.state === 'recording' ? r.pause : r.resume}>
              {r.state === 'recording' ? t.pause : t.resume}
            </Button>
            <Button block onClick={r.stop}>
              {t.stopRecording}
            </Button>
          </div>
        ) : null}
        {r.state === 'recorded' || r.state === 'playing' ? (
          <div style={{ display: 'flex', gap: 8 }}>
            <Button variant="secondary" block onClick={r.state === 'playing' ? r.stopPlaying : r.play}>
              {r.state === 'playing' ? t.stopPlaying : t.play}
            </Button>
            <Button variant="secondary" block onClick={r.redo}>
              {t.redo}
            </Button>
          </div>
        ) : null}
        {/* Until the recorder has handed over its last data there is nothing to send yet. */}
        <Button block onClick={send} loading={busy || r.state === 'finishing'}>
          {none ? t.callWithoutGreeting : t.sendToPartner}
        </Button>
        <Button variant="text" block onClick={onCancel} style={{ color: '#fff' }}>
          {t.cancel}
        </Button>
      </div>
    </>
  );
}
