import { CALL_SPEND_CAPS } from '@honne/contracts/calls';
import { CloseIcon } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../../strings.ts';
import { ChatIcon, GiftIcon, HangUpIcon, MicIcon, MicOffIcon, SpeakerIcon, TrumpetIcon } from '../../shared/icons.tsx';
import type { CallSession, CallState } from '../model.ts';

import { CallControl } from './CallControl.tsx';
import { CallReportForm } from './CallReportForm.tsx';
import { Elapsed } from './Elapsed.tsx';
import { PartnerCard } from './PartnerCard.tsx';

const t = strings.calls;

const STATUS: Partial<Record<CallState, string>> = {
  waiting_connect: t.waitingConnect,
  connecting: t.connecting,
  unable_connect: t.unableToConnect,
};

/** The talk view (spec §2, header 'talking'): who, how long, and the controls. */
export function TalkView({
  call,
  startPrompt,
  muted,
  onMute,
  onSpeaker,
  onEnd,
  onMinimise,
  onGo,
  onRequestCharge,
  onConfirmCharge,
  onReport,
}: {
  call: CallSession;
  /** The anonymous start prompt is on (for the 7 s of the start tone). */
  startPrompt: boolean;
  muted: boolean;
  onMute: () => void;
  onSpeaker: () => void;
  onEnd: () => void;
  onMinimise: () => void;
  onGo: (where: 'chat' | 'present' | 'trumpet') => void;
  onRequestCharge: () => void;
  onConfirmCharge: (approve: boolean, spendCap: number | null) => void;
  /** 通報する (issue 27): resolves true once reported (the call then ends). */
  onReport: (reason: string) => Promise<boolean>;
}) {
  const live = call.state === 'connected';
  const [reporting, setReporting] = useState(false);
  const [cap, setCap] = useState<number | null>(null);
  const caps = CALL_SPEND_CAPS.filter((c) => c >= call.price);
  // Shown to the non-owner, who pays (spec §2 'optional charge line'): the price, then what it came to.
  const chargeLine =
    call.price > 0 && call.i_pay
      ? call.charging === 'approved'
        ? call.spend_cap !== null
          ? t.chargingCapped(call.charged_points, call.spend_cap)
          : t.charging(call.charged_points)
        : t.fee(call.price)
      : null;
  const owner = call.price > 0 && !call.i_pay;
  const ownerNote =
    owner && call.charging === 'approved'
      ? `${t.chargeApproved} ${t.charging(call.charged_points)}`
      : owner && call.charging === 'refused'
        ? t.chargeRefused
        : null;
  if (reporting)
    return (
      <CallReportForm
        target={call.partner.name ?? t.anonymous}
        onSubmit={onReport}
        onClose={() => setReporting(false)}
      />
    );
  return (
    <>
      <div className="cl-head">
        <h2>{t.talking}</h2>
        <button type="button" className="hn-button hn-button--secondary" onClick={() => setReporting(true)}>
          {t.report}
        </button>
        <button type="button" className="hn-icon-button" aria-label={t.minimise} onClick={onMinimise}>
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="cl-body">
        <PartnerCard partner={call.partner} known={call.partner_known} />
        {chargeLine ? (
          <p className="cl-note" role="status">
            {chargeLine}
          </p>
        ) : null}
        {ownerNote ? (
          <p className="cl-note" role="status">
            {ownerNote}
          </p>
        ) : null}
        {live && owner && (call.charging === 'none' || call.charging === 'requested') ? (
          <button
            type="button"
            className="hn-button hn-button--secondary"
            disabled={call.charging === 'requested'}
            onClick={onRequestCharge}
          >
            {call.charging === 'requested' ? t.chargeRequested : t.requestCharge(call.price)}
          </button>
        ) : null}
        {live && call.i_pay && call.charging === 'requested' ? (
          <div className="cl-charge" role="alertdialog" aria-label={t.chargePrompt(call.price)}>
            <p className="cl-note">{t.chargePrompt(call.price)}</p>
            <label className="hn-field">
              <span className="hn-field__label">{t.spendCapLabel}</span>
              <select
                className="hn-input"
                value={cap ?? ''}
                onChange={(e) => setCap(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{t.noSpendCap}</option>
                {caps.map((c) => (
                  <option key={c} value={c}>
                    {t.spendCapOption(c)}
                  </option>
                ))}
              </select>
            </label>
            <div className="cl-charge__buttons">
              <button type="button" className="hn-button hn-button--primary" onClick={() => onConfirmCharge(true, cap)}>
                {t.approveCharge}
              </button>
              <button
                type="button"
                className="hn-button hn-button--secondary"
                onClick={() => onConfirmCharge(false, null)}
              >
                {t.refuseCharge}
              </button>
            </div>
          </div>
        ) : null}
        {live && call.connected_at ? (
          <>
            <div className="cl-elapsed" role="timer" aria-label={t.elapsed}>
              <Elapsed since={call.connected_at} />
            </div>
            {/* Spec §4: an anonymous call begins with a prompt to start talking, for the 7 s tone. */}
            {call.anonymous && startPrompt ? (
              <p className="cl-status" role="status">
                {t.startTalking}
              </p>
            ) : null}
          </>
        ) : (
          <p className="cl-status" role="status">
            {STATUS[call.state] ?? ''}
          </p>
        )}
      </div>
      <div className="cl-controls">
        <CallControl
          label={muted ? t.unmute : t.mute}
          icon={muted ? <MicOffIcon size={26} /> : <MicIcon size={26} />}
          pressed={muted}
          onClick={onMute}
        />
        <CallControl label={t.speaker} icon={<SpeakerIcon size={26} />} onClick={onSpeaker} />
        <CallControl label={t.endTalk} icon={<HangUpIcon size={28} />} variant="end" onClick={onEnd} />
        <CallControl label={t.chat} icon={<ChatIcon size={24} />} onClick={() => onGo('chat')} />
        <CallControl label={t.present} icon={<GiftIcon size={24} />} onClick={() => onGo('present')} />
        <CallControl label={t.trumpet} icon={<TrumpetIcon size={24} />} onClick={() => onGo('trumpet')} />
      </div>
    </>
  );
}
