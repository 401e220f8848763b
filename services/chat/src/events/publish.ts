import { isFriendRoomType } from '@honne/contracts/chat';
import { events } from '@honne/contracts/events';
import { realtimeEvents, type RealtimeData, type RealtimeEventDef } from '@honne/contracts/realtime-events';
import { enqueueEvent, publishToUser, publishToUserSurely } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { markReplied, type RemovedRoom } from '../db/repos/rooms.ts';
import { chatRelay } from './outbox.ts';

/**
 * Every real-time event of chat goes to one user with publishToUser, so the gateway's per-user
 * sequence replays it exactly once, in order, after a reconnect.
 */
export const toUser = <D extends RealtimeEventDef>(ctx: AppContext, userId: string, d: D, data: RealtimeData<D>) =>
  publishToUser(ctx, userId, d, data);

/** For an event whose fact is stored already (a new message): an outage delays it, never fails the send. */
export const toUserSurely = <D extends RealtimeEventDef>(
  ctx: AppContext,
  userId: string,
  d: D,
  data: RealtimeData<D>,
) => publishToUserSurely(ctx, userId, d, data);

/** Rooms that are gone: '14' for a voice's room, '15' for a friend room, to both participants. */
export async function announceRoomsRemoved(
  ctx: AppContext,
  rooms: RemovedRoom[],
  onlyTo?: (userId: string) => boolean,
  /** The voice's time ran out (walk #10: the room then says that, not 'no such voice'). */
  expired = false,
): Promise<void> {
  for (const r of rooms) {
    const type =
      isFriendRoomType(r.room_type_id) || r.topic_id === null
        ? realtimeEvents.friendRoomDeleted
        : realtimeEvents.topicRoomDeleted;
    for (const userId of [r.user1_id, r.user2_id]) {
      if (onlyTo && !onlyTo(userId)) continue;
      await toUser(ctx, userId, type, { room_id: r.id, topic_id: r.topic_id, ...(expired ? { expired } : {}) });
    }
  }
}

/** Messages gone (deleted or expired): each user concerned hears of the ids of each room once. */
export async function announceMessagesGone(
  ctx: AppContext,
  type: typeof realtimeEvents.messageDeleted | typeof realtimeEvents.messageExpired,
  rows: { id: string; room_id: string; sender_id: string; receiver_id: string; refused: boolean }[],
): Promise<void> {
  const byUser = new Map<string, Map<string, string[]>>();
  const add = (userId: string, roomId: string, id: string) => {
    const rooms = byUser.get(userId) ?? new Map<string, string[]>();
    rooms.set(roomId, [...(rooms.get(roomId) ?? []), id]);
    byUser.set(userId, rooms);
  };
  for (const r of rows) {
    add(r.sender_id, r.room_id, r.id);
    // A refused message never reached the receiver, so its end is none of their business either.
    if (!r.refused) add(r.receiver_id, r.room_id, r.id);
  }
  for (const [userId, rooms] of byUser) {
    for (const [roomId, ids] of rooms) await toUser(ctx, userId, type, { room_id: roomId, ids });
  }
}

/**
 * Marks a room replied (the opener wrote on the voice) and queues `chat.room.replied` in the same
 * transaction, then relays it: topics' "replied" flag survives topics, NATS or this process being
 * down at that moment. Answers whether this call marked it (only the first does).
 */
export async function markRepliedAndAnnounce(
  ctx: AppContext,
  e: { room_id: string; topic_id: string; user_id: string },
  now: Date,
): Promise<boolean> {
  const marked = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markReplied(trx, e.room_id, now))) return false;
    await enqueueEvent(trx, events.chatRoomReplied, `replied:${e.room_id}`, e, now);
    return true;
  });
  if (marked) await chatRelay(ctx).now();
  return marked;
}
