import { every, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { purgeEvidence } from '../db/repos/evidence.ts';

/** Frozen evidence is kept 180 days (SAFETY_LIMITS.evidenceDays), then deleted, hourly. */
export async function purgeOldEvidence(ctx: AppContext): Promise<number> {
  const n = await purgeEvidence(ctx.db, ctx.clock.now());
  if (n > 0) ctx.log.info({ rows: n }, 'evidence past 180 days deleted');
  return n;
}

export const startEvidencePurge = (ctx: AppContext): PeriodicJob =>
  every(60 * 60_000, 'purge-evidence', ctx.log, () => purgeOldEvidence(ctx));
