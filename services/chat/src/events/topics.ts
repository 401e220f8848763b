import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { closeTopicRooms } from '../db/repos/rooms.ts';
import { announceRoomsRemoved } from './publish.ts';

async function closeRooms(ctx: AppContext, topicId: string, expired: boolean): Promise<void> {
  const removed = await closeTopicRooms(ctx.db, topicId, ctx.clock.now());
  await announceRoomsRemoved(ctx, removed, undefined, expired);
}

/** A voice's rooms close with it: messages deleted, rooms flagged deleted, '14' to both sides. */
export const onTopicExpired = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.topicExpired, (e) => closeRooms(ctx, e.topic_id, true), serviceQueue(ctx));

export const onTopicDeleted = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.topicDeleted, (e) => closeRooms(ctx, e.topic_id, false), serviceQueue(ctx));
