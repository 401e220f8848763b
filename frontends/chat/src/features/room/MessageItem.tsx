import { MESSAGE_PREVIEW, MESSAGE_TYPES, callRecordWords, type Message } from '@honne/contracts/chat';
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
 * The calls service's records (types 5–8) as this side reads them (callRecordWords: 不在着信 for the
 * callee, 応答なし for the caller, …); a connected call adds its talk time ('通話しました 1:05') and,
 * when it cost points, the price ('65:100' → '…・通話料金 100ポイント').
 */
function callRecordText(m: ViewMessage): string | null {
  const words = callRecordWords(m.message_type_id, m.data, m.is_mine);
  if (m.message_type_id !== MESSAGE_TYPES.callSuccess) return words;
  // '65' for a free call, '65:100' for one that cost 100 points (the calls service's record).
  const [seconds, points] = m.data.split(':').map(Number);
  if (seconds === undefined || !Number.isFinite(seconds)) return null;
  const talk = `${MESSAGE_PREVIEW.callSuccess} ${formatElapsed(seconds * 1000)}`;
  return points !== undefined && Number.isFinite(points) && points > 0 ? strings.calls.recordPaid(talk, points) : talk;
}

/**
 * Who gave a gift, as the room names them: an anonymous giver is 匿名さん whatever the server sent,
 * so a gift can never unmask its sender; a named giver is 「〇〇さん」.
 */
function giftSender(m: ViewMessage): string | null {
  if (m.is_anonymous) return strings.anonymous;
  return m.user_name ? `${m.user_name}さん` : null;
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
        <span>{callRecordText(m) ?? (m.data.trim() || system)}</span>
        {/* When the call was, as every message says (walk #37). */}
        <time className="ch-day__time" dateTime={m.created_at}>
          {timeLabel(m.created_at)}
        </time>
      </div>
    );
  }
  let body;
  let media = false;
  let gift = false;
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
    gift = coin !== null;
    body =
      coin !== null ? (
        <figure className="ch-gift">
          <img className="ch-stamp" src={giftUrl(coin)} alt={strings.giftStamp(coin)} width={120} height={120} />
          <figcaption data-testid="gift-caption">
            {m.is_mine ? strings.giftGiven(coin) : strings.giftReceived(coin, giftSender(m))}
          </figcaption>
        </figure>
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
      <div className={`ch-bubble${media ? ' ch-bubble--media' : ''}${gift ? ' ch-bubble--gift' : ''}`}>{body}</div>
      <div className="ch-meta">
        <StatusLine m={m} onResend={onResend} />
        <time dateTime={m.created_at}>{timeLabel(m.created_at)}</time>
      </div>
    </div>
  );
});
