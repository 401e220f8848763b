import { every, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteExpiredBatch } from '../db/repos/topics.ts';
import { announceRemoved } from '../events/publish.ts';

export const PURGE_INTERVAL_MS = 60_000;
const BATCH = 500;

/**
 * Deletes every voice past its expire_at (by ctx.clock) with its history entries, replies and
 * clicks, then announces it. Safe with several instances: each batch is claimed with SKIP LOCKED.
 */
export async function purgeExpired(ctx: AppContext): Promise<{ topics: number; history: number }> {
  const now = ctx.clock.now();
  let topics = 0;
  let history = 0;
  for (;;) {
    const removed = await deleteExpiredBatch(ctx.db, now, BATCH);
    topics += removed.topics.length;
    history += removed.history.length;
    await announceRemoved(ctx, removed, 'expired');
    if (removed.topics.length < BATCH) break;
  }
  if (topics > 0) ctx.log.info({ topics, history }, 'expired voices purged');
  return { topics, history };
}

/** Runs the purge every minute (spec §9: purge/refresh 60 s); failures are logged and retried next tick. */
export function startPurgeTimer(ctx: AppContext, intervalMs = PURGE_INTERVAL_MS): PeriodicJob {
  return every(intervalMs, 'purge', ctx.log, () => purgeExpired(ctx));
}
