import { randomUUID } from 'node:crypto';

import { events, type EventPayload } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { markReplied, recordRoomOpened } from '../db/repos/history.ts';
import { findLive } from '../db/repos/topics.ts';

/**
 * Chat opened a room on a voice: both people get a history entry (expiring with the voice) and
 * the voice gets a reply. A room on a voice that is already gone records nothing. The rebuild
 * applies chat's snapshot of its rooms through this too, with the rebuild's start as `at`.
 */
export async function applyRoomOpened(
  ctx: AppContext,
  e: EventPayload<typeof events.chatRoomOpened>,
  at: Date,
): Promise<boolean> {
  const topic = await findLive(ctx.db, e.topic_id, at).catch(() => undefined);
  if (!topic || topic.user_id === e.user_id) return false;
  await recordRoomOpened(ctx.db, {
    roomId: e.room_id,
    topicId: topic.id,
    topicOwnerId: topic.user_id,
    topicAnonymous: topic.is_anonymous,
    openerId: e.user_id,
    openerAnonymous: e.is_anonymous,
    expireAt: new Date(topic.expire_at),
    at,
    ids: { ownerHistory: randomUUID(), openerHistory: randomUUID(), reply: randomUUID() },
  });
  return true;
}

export const onRoomOpened = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.chatRoomOpened,
    async (e) => void (await applyRoomOpened(ctx, e, ctx.clock.now())),
    serviceQueue(ctx),
  );

export const onRoomReplied = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.chatRoomReplied,
    async (e) => void (await markReplied(ctx.db, e.room_id, e.user_id)),
    serviceQueue(ctx),
  );
