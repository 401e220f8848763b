import { realtimeEvents } from '@honne/contracts/realtime-events';
import { every, exclusively, productHistogram, sweepObjectDeletions, type PeriodicJob } from '@honne/service-kit';
import type { Kysely } from 'kysely';

import type { AppContext } from '../context.ts';
import { deleteExpiredImages } from '../db/repos/images.ts';
import {
  announcedUntil,
  createPartition,
  deleteExpiredClientIds,
  deleteExpiredDefaultBatch,
  dropPartition,
  expiredPage,
  partitionNames,
  setAnnouncedUntil,
  type ExpiredRow,
} from '../db/repos/partitions.ts';
import { closeExpiredTopicRooms } from '../db/repos/rooms.ts';
import type { ChatDb } from '../db/schema/index.ts';
import {
  HOUR_MS,
  PARTITIONS_PER_RUN,
  droppable,
  hourOfPartition,
  hoursToPrepare,
  partitionName,
} from '../domain/expiry-partitions.ts';
import { announceMessagesGone, announceRoomsRemoved } from '../events/publish.ts';

export const PURGE_INTERVAL_MS = 60_000;
const BATCH = 500;

export interface PurgeResult {
  /** Messages announced expired ('message.expired') this run. */
  messages: number;
  /** Hourly partitions dropped (every message in them expired and announced). */
  partitions: number;
  images: number;
  rooms: number;
}

/**
 * The expiry of chat data, every minute (spec §9), by one instance at a time (an advisory lock):
 * messages are stored per hour of expiry (ADR 0035), so this
 * 1. creates the partitions of the coming hours, nearest first, `PARTITIONS_PER_RUN` at most
 *    (moving in what waited in the default one),
 * 2. announces the messages expired since the last run to open screens ('message.expired'),
 * 3. drops every partition whose hour has ended and been announced, and deletes the expired rows
 *    still in the default partition one by one,
 * then deletes expired images and closes rooms whose voice expired without the event having
 * arrived ('14'). Each step repeats safely: a crash anywhere is finished by the next run (creating
 * is idempotent, announcing again repeats ids screens drop anyway, a partition goes only once
 * announced). `wait`: a caller that needs this run waits for one in progress elsewhere; the
 * timer skips instead (`undefined`).
 */
export async function purgeExpired(ctx: AppContext, o: { wait?: boolean } = { wait: true }) {
  const now = ctx.clock.now();
  const done = await exclusively(ctx.db, 'chat:message-expiry', (conn) => maintain(ctx, conn, now), o);
  if (!done) return undefined;
  const images = await deleteExpiredImages(ctx.db, now);
  // With S3_URL the expired images' objects go too (their keys were recorded with the deletes).
  await sweepObjectDeletions(ctx.db, ctx.objects);
  const rooms = await closeExpiredTopicRooms(ctx.db, now);
  await announceRoomsRemoved(ctx, rooms, undefined, true);
  const result: PurgeResult = { ...done, images, rooms: rooms.length };
  if (result.messages + result.partitions + images + rooms.length > 0) ctx.log.info(result, 'expired chat data purged');
  return result;
}

async function maintain(ctx: AppContext, db: Kysely<ChatDb>, now: Date) {
  const existing = new Set(await partitionNames(db));
  const missing = hoursToPrepare(now).filter((hour) => !existing.has(partitionName(hour)));
  for (const hour of missing.slice(0, PARTITIONS_PER_RUN))
    await createPartition(db, partitionName(hour), hour, new Date(hour.getTime() + HOUR_MS));

  // A watermark ahead of now means the clock was set back (NTP stepping, the journeys' test
  // clock): everything expiring between then and now would stay untold, so look back over what
  // can still be stored instead (an expired message's hour goes within the hour after it).
  // Telling one again is harmless (screens drop ids they no longer show).
  const recorded = await announcedUntil(db);
  const after = recorded > now ? new Date(now.getTime() - 2 * HOUR_MS) : recorded;
  let messages = 0;
  let last: ExpiredRow | undefined;
  for (;;) {
    const rows = await expiredPage(db, after, now, last, BATCH);
    await announceMessagesGone(ctx, realtimeEvents.messageExpired, rows);
    messages += rows.length;
    last = rows.at(-1);
    if (rows.length < BATCH) break;
  }
  await setAnnouncedUntil(db, now);
  while ((await deleteExpiredClientIds(db, now, BATCH)) === BATCH);

  let partitions = 0;
  for (const name of existing) {
    const hour = hourOfPartition(name);
    if (!hour || !droppable(hour, now)) continue;
    await dropPartition(db, name);
    partitions++;
    purgeLag.observe({ by: 'partition' }, lagSeconds(now, new Date(hour.getTime() + HOUR_MS)));
  }
  for (;;) {
    const rows = await deleteExpiredDefaultBatch(db, now, BATCH);
    for (const row of rows) purgeLag.observe({ by: 'row' }, lagSeconds(now, row.expire_at));
    if (rows.length < BATCH) break;
  }
  return { messages, partitions };
}

/**
 * How long expired messages stayed stored after their storage could go: from the end of an
 * expiry hour to its partition's drop (`by: partition`, at most about a run's interval), or from a
 * message's expiry to its delete for rows outside the hourly partitions (`by: row`). A message is
 * stored up to an hour past its own expiry by design (ADR 0035); reads never return an expired
 * message whatever this shows (they filter by expiry), and screens hear 'message.expired' within
 * a run of it.
 */
const purgeLag = productHistogram(
  'honne_chat_expiry_lag_seconds',
  'From an expiry hour ending to its partition drop (by=partition), or a default-partition message expiring to its delete (by=row)',
  ['by'],
  [0.5, 1, 5, 15, 30, 60, 90, 120, 300, 600],
);

const lagSeconds = (now: Date, end: Date | string) => Math.max(0, now.getTime() - new Date(end).getTime()) / 1000;

/**
 * Runs the purge every minute (spec §9: purge/refresh 60 s), and once at start so the coming hours'
 * partitions exist before the first messages; failures are logged and retried next tick. Another
 * instance's run in progress makes a tick skip.
 */
export function startPurgeTimer(ctx: AppContext, intervalMs = PURGE_INTERVAL_MS): PeriodicJob {
  const first = purgeExpired(ctx, { wait: false }).catch((err: unknown) =>
    ctx.log.error({ err, job: 'purge' }, 'periodic job failed'),
  );
  const timer = every(intervalMs, 'purge', ctx.log, () => purgeExpired(ctx, { wait: false }));
  return {
    stop: async () => {
      await timer.stop();
      await first;
    },
  };
}
