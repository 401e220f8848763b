import { ROOM_TYPES } from '@honne/contracts/chat';

import type { Hold } from '../db/schema/index.ts';

// Who may call whom, and what a call attempt becomes: rules of spec §4/§5/§6 and issue 10,
// decided on facts the flow gathered (no I/O here).

export type { Hold };

export type StartDecision =
  | { kind: 'already_in_call' }
  /** The callee is ringing the caller right now: answer that call, make no second. */
  | { kind: 'glare'; call_id: string }
  | { kind: 'busy' }
  | { kind: 'ring' };

/**
 * What a call attempt becomes, from the holds of both accounts. Glare (issue 10: "two users calling
 * each other at the same moment end in one call"): the callee is ringing the caller, so their call
 * is answered instead — in the same room, or from another room of the same pair when neither call
 * is anonymous (merging an anonymous call with a named one would tell who the anonymous caller is;
 * then the attempt is refused as already in a call, which only says what the caller knows).
 */
export function decideStart(
  roomId: string,
  caller: Hold | null,
  callee: Hold | null,
  attemptAnonymous = false,
): StartDecision {
  if (
    caller &&
    callee &&
    caller.call_id === callee.call_id &&
    caller.side === 'callee' &&
    caller.phase === 'ringing' &&
    (caller.room_id === roomId || (!caller.anonymous && !attemptAnonymous))
  ) {
    return { kind: 'glare', call_id: caller.call_id };
  }
  if (caller) return { kind: 'already_in_call' };
  if (callee) return { kind: 'busy' };
  return { kind: 'ring' };
}

export interface RoomFacts {
  found: boolean;
  deleted: boolean;
  participants: { user_id: string; is_anonymous: boolean }[];
  room_type_id: number;
  topic_id: string | null;
  are_friends: boolean;
  blocked: boolean;
}

export interface VoiceFacts {
  found: boolean;
  is_callable: boolean;
  owner_id: string | null;
  call_price: number;
  time_call_price: number;
  /** The voice charges from the connection, with no request to approve (spec §5). */
  purchase_on_start?: boolean;
}

export type CallPermission =
  | { ok: true; callee_id: string; caller_anonymous: boolean; callee_anonymous: boolean; friend: boolean }
  | { ok: false; reason: 'not_found' | 'not_friends' | 'not_callable' | 'blocked' };

/**
 * A call needs a live room of the caller's with one partner; a friend room needs the pair to be
 * friends still; a voice room needs the voice live and taking calls; a block either way stops it.
 */
export function mayCall(me: string, room: RoomFacts, voice: VoiceFacts | null): CallPermission {
  const mine = room.participants.find((p) => p.user_id === me);
  const partner = room.participants.find((p) => p.user_id !== me);
  if (!room.found || room.deleted || !mine || !partner) return { ok: false, reason: 'not_found' };
  if (room.blocked) return { ok: false, reason: 'blocked' };
  const friend = room.topic_id === null;
  if (friend) {
    if (!room.are_friends) return { ok: false, reason: 'not_friends' };
  } else if (!voice || !voice.found || !voice.is_callable) {
    return { ok: false, reason: 'not_callable' };
  }
  return {
    ok: true,
    callee_id: partner.user_id,
    caller_anonymous: mine.is_anonymous,
    callee_anonymous: partner.is_anonymous,
    friend,
  };
}

/** The room type a call is recorded as (3 call-friend, 4 call-topic). */
export const callRoomType = (friend: boolean) => (friend ? ROOM_TYPES.callFriend : ROOM_TYPES.callTopic);
