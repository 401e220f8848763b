import { MESSAGE_PREVIEW, MESSAGE_TYPES, type Message } from '@honne/contracts/chat';
import { memo } from 'react';

import { LinkedText } from '@honne/ui';

import { timeLabel } from '../../lib/days.ts';
import { soundName, playSound } from '../../lib/sounds.ts';
import { giftCoinOf, giftUrl } from '../../lib/gifts.ts';
import { stampUrl, stampWord } from '../../lib/stamps.ts';
import type { LocalStatus } from '../../lib/status.ts';
import { strings } from '../../strings.ts';
import { SpeakerIcon } from '../shared/icons.tsx';
import { formatElapsed } from '../call/model.ts';

export type ViewMessage = Message & { local: LocalStatus };

const SYSTEM_TEXT: Record<number, string> = {
  [MESSAGE_TYPES.missedCall]: MESSAGE_PREVIEW.missedCall,
  [MESSAGE_TYPES.callSuccess]: MESSAGE_PREVIEW.callSuccess,
  [MESSAGE_TYPES.callCancel]: MESSAGE_PREVIEW.callCancel,
  [MESSAGE_TYPES.callMiss]: MESSAGE_PREVIEW.missedCall,
  [MESSAGE_TYPES.addFriend]: MESSAGE_PREVIEW.addFriend,
};

/**
 * The calls service's records (types 5–8): `data` is the talk time in seconds for a call that
 * connected ('通話しました 1:05'), the end cause otherwise (shown as the spec §8 words).
 */
function callRecordText(type: number, data: string): string | null {
  if (type === MESSAGE_TYPES.callSuccess) {
    const seconds = Number(data);
    return Number.isFinite(seconds) ? `${MESSAGE_PREVIEW.callSuccess} ${formatElapsed(seconds * 1000)}` : null;
  }
  if (type === MESSAGE_TYPES.missedCall) return MESSAGE_PREVIEW.missedCall;
  if (type === MESSAGE_TYPES.callCancel) return MESSAGE_PREVIEW.callCancel;
  if (type === MESSAGE_TYPES.callMiss) {
    if (data === 'refuse') return strings.calls.refused;
    if (data === 'busy') return strings.calls.partnerBusy;
    if (data === 'unable_connect') return strings.calls.unableToConnect;
    return MESSAGE_PREVIEW.missedCall;
  }
  return null;
}

/**
 * A refused message (the receiver blocks me) shows as sent and never read, as on LINE: the
 * blocked person is not told (walk #23); the server's 'refused' status stays for the spec's client.
 */
function StatusLine({ m, onResend }: { m: ViewMessage; onResend: (m: ViewMessage) => void }) {
  if (!m.is_mine) return null;
  switch (m.local) {
    case 'sending':
      return <span>{strings.sending}</span>;
    case 'sent_fail':
      return (
        <>
          <span className="ch-status--fail">{strings.sendFailed}</span>
          <button type="button" className="ch-resend" onClick={() => onResend(m)}>
            {strings.resend}
          </button>
        </>
      );
    case 'read':
      return <span>{strings.read}</span>;
    default:
      return <span className="hn-visually-hidden">{strings.sent}</span>;
  }
}

/** One message: a bubble (text, image, stamp or sound) with its time and, for mine, its status. */
export const MessageItem = memo(function MessageItem({
  m,
  onResend,
  onOpenImage,
}: {
  m: ViewMessage;
  onResend: (m: ViewMessage) => void;
  onOpenImage: (url: string) => void;
}) {
  const system = SYSTEM_TEXT[m.message_type_id];
  if (system) {
    return (
      <div className="ch-day" data-testid="chat-system">
        <span>{callRecordText(m.message_type_id, m.data) ?? (m.data.trim() || system)}</span>
        {/* When the call was, as every message says (walk #37). */}
        <time className="ch-day__time" dateTime={m.created_at}>
          {timeLabel(m.created_at)}
        </time>
      </div>
    );
  }
  let body;
  let media = false;
  if (m.message_type_id === MESSAGE_TYPES.image || m.message_type_id === MESSAGE_TYPES.base64Image) {
    media = true;
    body = (
      <button type="button" onClick={() => onOpenImage(m.data)} aria-label={strings.openImage}>
        <img
          className="ch-photo"
          src={m.data}
          alt={strings.image}
          width={m.size?.width}
          height={m.size?.height}
          style={m.size ? { aspectRatio: `${m.size.width} / ${m.size.height}`, height: 'auto' } : undefined}
          loading="lazy"
        />
      </button>
    );
  } else if (m.message_type_id === MESSAGE_TYPES.stamp) {
    media = true;
    const id = m.stamp_id ?? Number(m.data);
    const coin = giftCoinOf(id);
    body =
      coin !== null ? (
        <img className="ch-stamp" src={giftUrl(coin)} alt={strings.giftStamp(coin)} width={120} height={120} />
      ) : (
        <img className="ch-stamp" src={stampUrl(id)} alt={stampWord(id)} width={120} height={120} />
      );
  } else if (m.is_sound && m.sound_tab !== null && m.sound_item !== null) {
    const tab = m.sound_tab;
    const item = m.sound_item;
    const name = soundName(tab, item) || m.data;
    body = (
      <button
        type="button"
        className="ch-sound"
        onClick={() => playSound(tab, item)}
        aria-label={strings.playSound(name)}
      >
        <SpeakerIcon size={20} />
        <span>{name}</span>
      </button>
    );
  } else {
    body = <LinkedText text={m.data} />;
  }
  return (
    <div
      className={`ch-msg ${m.is_mine ? 'ch-msg--mine' : 'ch-msg--theirs'}`}
      data-testid="chat-message"
      data-status={m.local}
      data-type={m.is_sound ? 'sound' : String(m.message_type_id)}
    >
      <div className={`ch-bubble${media ? ' ch-bubble--media' : ''}`}>{body}</div>
      <div className="ch-meta">
        <StatusLine m={m} onResend={onResend} />
        <time dateTime={m.created_at}>{timeLabel(m.created_at)}</time>
      </div>
    </div>
  );
});
