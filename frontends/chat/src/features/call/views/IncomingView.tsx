import { useState } from 'react';

import { strings } from '../../../strings.ts';
import { AddPersonIcon, HangUpIcon, PhoneIcon } from '../../shared/icons.tsx';
import type { CallSession } from '../model.ts';

import { CallControl } from './CallControl.tsx';
import { CallerProfile } from './CallerProfile.tsx';
import { PartnerCard } from './PartnerCard.tsx';
import { ReportForm } from './ReportForm.tsx';

const t = strings.calls;

/**
 * The callee's ring screen (spec §2): the caller's profile, their greeting playing (announced),
 * hang-up and start-talk, the report form and adding the caller as a friend.
 */
export function IncomingView({
  call,
  greetingPlaying,
  onAnswer,
  onRefuse,
  onReport,
  onAddFriend,
}: {
  call: CallSession;
  greetingPlaying: boolean;
  onAnswer: () => void;
  onRefuse: () => void;
  onReport: (content: string) => Promise<boolean>;
  onAddFriend: () => void;
}) {
  const [reporting, setReporting] = useState(false);
  const name = call.partner.name ?? t.anonymous;
  if (reporting) return <ReportForm target={name} onSubmit={onReport} onClose={() => setReporting(false)} />;
  return (
    <>
      <div className="cl-head">
        <h2>{t.incoming}</h2>
      </div>
      <div className="cl-body">
        <p className="cl-status" role="alert">
          {t.incomingFrom(name)}
        </p>
        <PartnerCard partner={call.partner} known={call.partner_known} pulse size={96} />
        <p className="cl-status" aria-live="polite">
          {greetingPlaying ? t.playingMessage : ''}
        </p>
        <CallerProfile partner={call.partner} price={call.price} />
        <div style={{ display: 'flex', gap: 'var(--hn-space-2)' }}>
          {!call.anonymous && !call.is_friend ? (
            <button type="button" className="cl-link" onClick={onAddFriend}>
              <AddPersonIcon size={16} /> {t.addFriend}
            </button>
          ) : null}
          <button type="button" className="cl-link" onClick={() => setReporting(true)}>
            {t.report}
          </button>
        </div>
      </div>
      <div className="cl-actions">
        <CallControl label={t.hangUp} icon={<HangUpIcon size={28} />} variant="end" onClick={onRefuse} />
        <CallControl label={t.startTalk} icon={<PhoneIcon size={28} />} variant="answer" onClick={onAnswer} />
      </div>
    </>
  );
}
