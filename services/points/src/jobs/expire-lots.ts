import { every, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { expireLot, expiredLotIds } from '../db/repos/lots.ts';

const SWEEP_MS = 60 * 60_000;
const BATCH = 500;

/** Moves every expired lot's points to `house:expired`; safe to run twice or on two instances. */
export async function sweepExpiredLots(ctx: AppContext): Promise<number> {
  if ((ctx.config.lotPolicy ?? 'expire') !== 'expire') return 0;
  const now = ctx.clock.now();
  let moved = 0;
  for (;;) {
    const ids = await expiredLotIds(ctx.db, now, BATCH);
    for (const id of ids) if (await expireLot(ctx.db, id, now)) moved += 1;
    if (ids.length < BATCH) break;
  }
  if (moved > 0) ctx.log.info({ lots: moved }, 'expired purchased points moved to house:expired');
  return moved;
}

export function startExpirySweep(ctx: AppContext): PeriodicJob {
  return every(SWEEP_MS, 'expire-lots', ctx.log, () => sweepExpiredLots(ctx));
}
