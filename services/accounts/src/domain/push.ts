import type { CallView } from '@honne/contracts/calls';
import { MESSAGE_TYPES, messagePreview, type Message } from '@honne/contracts/chat';
import { PUSH_MESSAGES, PUSH_TEXT_MAX, type PushPayload } from '@honne/contracts/push';

/** How the room stands between the receiver of a push and the other participant. */
export interface RoomSides {
  /** The other participant (the sender or the caller). */
  partnerId: string;
  /** The other participant hides their name in this room. */
  partnerAnonymous: boolean;
  /** The receiver hides their name in this room: what is said there stays off the lock screen too. */
  selfAnonymous: boolean;
}

/** A ringing call's push lives about as long as it rings (the spec's 60 s); an old one helps nobody. */
export const CALL_PUSH_TTL_SECONDS = 60;
/** A message's push may wait a day for a phone that is off. */
export const MESSAGE_PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * A call's withdrawal waits as long as a message's: the ringing notification stays on a phone
 * until acted on, also one that went off the network after it rang.
 */
export const CALL_END_PUSH_TTL_SECONDS = MESSAGE_PUSH_TTL_SECONDS;

/** The message to push to its receiver, or null when it is none of theirs to be told (their own). */
export function messagePush(
  m: Message,
  receiverId: string,
  sides: RoomSides,
  opts: { senderName: string | null; showText: boolean; at: string },
): PushPayload | null {
  if (m.is_mine || sides.partnerId === receiverId) return null;
  const anonymous = sides.partnerAnonymous || sides.selfAnonymous;
  const named = !sides.partnerAnonymous && opts.senderName;
  let body: string;
  if (m.message_type_id === MESSAGE_TYPES.text && !m.is_sound && !m.is_voice) {
    body = opts.showText && !anonymous ? clip(m.data) : PUSH_MESSAGES.messageHidden;
  } else {
    body = messagePreview(m);
  }
  return {
    kind: 'message',
    title: named ? PUSH_MESSAGES.messageTitleNamed(named) : PUSH_MESSAGES.messageTitleAnonymous,
    body,
    tag: `room-${m.room_id}`,
    url: `/chat/${m.room_id}`,
    room_id: m.room_id,
    at: opts.at,
  };
}

/** An incoming call (the callee's view in state 'receiving'), or null for any other view. */
export function callPush(
  call: CallView,
  sides: RoomSides,
  opts: { callerName: string | null; at: string },
): PushPayload | null {
  if (call.role !== 'callee' || call.state !== 'receiving') return null;
  const named = !sides.partnerAnonymous && !call.partner_anonymous && opts.callerName;
  return {
    kind: 'call',
    title: PUSH_MESSAGES.callTitle,
    body: named ? PUSH_MESSAGES.callBodyNamed(named) : PUSH_MESSAGES.callBodyAnonymous,
    tag: `call-${call.id}`,
    url: `/chat/${call.room_id}`,
    room_id: call.room_id,
    call_id: call.id,
    at: opts.at,
  };
}

/**
 * The withdrawal of a call's notification once it no longer rings for the callee (any later state
 * of theirs: answered, declined, cancelled by the caller, unanswered), or null for any other view.
 */
export function callEndPush(call: CallView, opts: { at: string }): PushPayload | null {
  if (call.role !== 'callee' || call.state === 'receiving' || call.state === 'none') return null;
  return {
    kind: 'call_end',
    title: '',
    body: '',
    tag: `call-${call.id}`,
    url: `/chat/${call.room_id}`,
    room_id: call.room_id,
    call_id: call.id,
    at: opts.at,
  };
}

function clip(text: string): string {
  const chars = [...text];
  return chars.length <= PUSH_TEXT_MAX ? text : `${chars.slice(0, PUSH_TEXT_MAX).join('')}…`;
}
