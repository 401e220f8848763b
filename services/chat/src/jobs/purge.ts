import { realtimeEvents } from '@honne/contracts/realtime-events';
import { every, productHistogram, sweepObjectDeletions, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteExpiredImages } from '../db/repos/images.ts';
import { deleteExpiredBatch } from '../db/repos/messages.ts';
import { closeExpiredTopicRooms } from '../db/repos/rooms.ts';
import { announceMessagesGone, announceRoomsRemoved } from '../events/publish.ts';

export const PURGE_INTERVAL_MS = 60_000;
const BATCH = 500;

/**
 * Deletes every message past its expire_at (by ctx.clock) and tells open screens
 * ('message.expired'); deletes expired images; closes rooms whose voice expired without the event
 * having arrived ('14'). Safe with several instances: batches are claimed with SKIP LOCKED.
 */
export async function purgeExpired(ctx: AppContext): Promise<{ messages: number; images: number; rooms: number }> {
  const now = ctx.clock.now();
  let count = 0;
  for (;;) {
    const rows = await deleteExpiredBatch(ctx.db, now, BATCH);
    count += rows.length;
    for (const row of rows) countPurged(now, row.expire_at);
    await announceMessagesGone(ctx, realtimeEvents.messageExpired, rows);
    if (rows.length < BATCH) break;
  }
  const images = await deleteExpiredImages(ctx.db, now);
  // With S3_URL the expired images' objects go too (their keys were recorded with the deletes).
  await sweepObjectDeletions(ctx.db, ctx.objects);
  const rooms = await closeExpiredTopicRooms(ctx.db, now);
  await announceRoomsRemoved(ctx, rooms, undefined, true);
  if (count + images + rooms.length > 0)
    ctx.log.info({ messages: count, images, rooms: rooms.length }, 'expired chat data purged');
  return { messages: count, images, rooms: rooms.length };
}

/**
 * How long an expired message stayed stored (and on screens, which drop it on the purge's event)
 * after its expiry: the SLO "an expired message unreadable within its bound" reads this. Reads
 * never return an expired message whatever this shows (they filter by expiry).
 */
const purgeLag = productHistogram(
  'honne_chat_expiry_lag_seconds',
  'From a message expiring to its purge, per message',
  [],
  [0.5, 1, 5, 15, 30, 60, 90, 120, 300, 600],
);

function countPurged(now: Date, expireAt: Date | string): void {
  purgeLag.observe(Math.max(0, now.getTime() - new Date(expireAt).getTime()) / 1000);
}

/** Runs the purge every minute (spec §9: purge/refresh 60 s); failures are logged and retried next tick. */
export function startPurgeTimer(ctx: AppContext, intervalMs = PURGE_INTERVAL_MS): PeriodicJob {
  return every(intervalMs, 'purge', ctx.log, () => purgeExpired(ctx));
}
