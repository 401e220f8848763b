import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';
import { RATING_TYPE, RatingSheet } from '../room/RatingSheet.tsx';

import { GreetingRecorder } from './recorder/GreetingRecorder.tsx';
import { CallStatusView } from './views/CallStatusView.tsx';
import { IncomingView } from './views/IncomingView.tsx';
import { MinimisedBar } from './views/MinimisedBar.tsx';
import { TalkView } from './views/TalkView.tsx';
import { ensureCallStyles } from './styles.ts';
import { useCall } from './useCall.ts';
import { useCallBalance } from './useCallBalance.ts';
import { useCallMedia } from './useCallMedia.ts';
import { useCallSettings } from './useCallSettings.ts';
import { useRingtone } from './useRingtone.ts';
import { isFullView, isTalkView, MINIMISABLE_STATES } from './model.ts';

/**
 * The call overlay the shell shows above every route (design.md "call overlay slot"). A
 * composition: the server's call (useCall), its audio (useCallMedia), what rings (useRingtone),
 * and one small view per state (spec §2).
 */
export default function CallOverlay() {
  ensureCallStyles();
  const settings = useCallSettings();
  const [output, setOutput] = useState<HTMLAudioElement | null>(null);
  const [minimised, setMinimised] = useState(false);
  const volume = settings.callVolume / 100;
  const session = useCall();
  const { call } = session;
  const media = useCallMedia(call, { voice: settings.voice, volume, output, onView: session.applyView });
  const { greetingPlaying, startPrompt } = useRingtone(call, settings, session.greeting);

  session.bindMedia(media);

  // A new call (or a ring) always opens full size, with the settings as they are now.
  const state = call?.state ?? 'none';
  const { refresh } = settings;
  const starting = state === 'receiving' || session.request !== null;
  useEffect(() => {
    if (state === 'receiving' || state === 'none') setMinimised(false);
  }, [state]);
  useEffect(() => {
    if (starting) refresh();
  }, [starting, refresh]);

  const shown = call && state !== 'none' && state !== 'end';
  const canMinimise = shown && MINIMISABLE_STATES.includes(state);
  const balance = useCallBalance(Boolean(shown && call.price > 0));
  return (
    <>
      {/* The partner's voice: one element for the whole call, on either transport. */}
      <audio ref={setOutput} autoPlay aria-hidden="true" data-call-output="" />
      {!shown && session.request ? (
        <div className="cl-layer" role="dialog" aria-modal="true" aria-label={strings.calls.recorderTitle}>
          <div className="cl-screen">
            <GreetingRecorder
              saved={session.savedGreeting}
              busy={session.busy}
              onSend={(r) => void session.send(r)}
              onCancel={session.cancelRequest}
            />
          </div>
        </div>
      ) : null}
      {session.note ? (
        <p className="cl-note" role="status" data-testid="call-note">
          {session.note}
        </p>
      ) : null}
      {session.review && !shown ? (
        <RatingSheet
          roomId={session.review.roomId}
          partner={session.review.partner}
          type={RATING_TYPE.call}
          onDone={session.closeReview}
        />
      ) : null}
      {shown && minimised && canMinimise ? (
        <MinimisedBar call={call} balance={balance} onOpen={() => setMinimised(false)} />
      ) : null}
      {shown && !(minimised && canMinimise) ? (
        <div className="cl-layer" role="dialog" aria-modal="true" aria-label={strings.calls.overlayLabel}>
          <div className="cl-screen">
            {state === 'receiving' ? (
              <IncomingView
                call={call}
                greetingPlaying={greetingPlaying}
                onAnswer={() => void session.answer()}
                onRefuse={() => void session.refuse()}
                onReport={session.report}
                onAddFriend={() => void session.addFriend()}
              />
            ) : isFullView(state) ? (
              <CallStatusView
                call={call}
                onHangUp={() => void session.hangUp()}
                onMinimise={() => setMinimised(true)}
              />
            ) : isTalkView(state) ? (
              <TalkView
                call={call}
                startPrompt={startPrompt}
                muted={media.muted}
                onMute={media.toggleMute}
                onSpeaker={() => void session.speaker()}
                onEnd={() => void session.hangUp()}
                onMinimise={() => setMinimised(true)}
                onGo={(where) => {
                  setMinimised(true);
                  session.go(where);
                }}
                onRequestCharge={() => void session.requestCharge()}
                onConfirmCharge={(approve, cap) => void session.confirmCharge(approve, cap)}
                onReport={session.reportInCall}
              />
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
