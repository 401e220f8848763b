import { ManualClock } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountOf } from '../src/db/repos/accounts.ts';
import { sumOfAllAccounts } from '../src/db/repos/ledger.ts';
import { transfer, type TransferInput } from '../src/ledger/transfer.ts';
import { expiringLots, unusedPurchasedAt } from '../src/db/repos/lots.ts';
import { HOUSE, latestBaseDate } from '../src/domain/ledger.ts';
import { sweepExpiredLots } from '../src/jobs/expire-lots.ts';
import { startPoints } from './support.ts';

const DAY = 86_400_000;

describe.each(infraModes())('points purchased lots: expiry and report ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const move = (input: TransferInput) => transfer(env.points.ctx.db, input, clock.now(), 'expire');
  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('moves what is left of an expired lot to house:expired once, however often the sweep runs', async () => {
    const db = env.points.ctx.db;
    await move({ idempotencyKey: 'buy:e-1', kind: 'purchase', from: HOUSE.sales, to: 'e-1', amount: 500 });
    await move({ idempotencyKey: 'grant:e-1', kind: 'grant', from: HOUSE.issued, to: 'e-1', amount: 50 });
    await move({ idempotencyKey: 'gift:e-1', kind: 'gift', from: 'e-1', to: 'e-2', amount: 200 });

    clock.advance(160 * DAY);
    expect(await sweepExpiredLots(env.points.ctx)).toBe(0);
    const soon = await expiringLots(db, 'e-1', clock.now(), new Date(clock.now().getTime() + 30 * DAY));
    expect(soon.map((l) => l.remaining)).toEqual([300]);

    clock.advance(21 * DAY);
    const [a, b] = await Promise.all([sweepExpiredLots(env.points.ctx), sweepExpiredLots(env.points.ctx)]);
    expect(a + b).toBe(1);
    expect(await sweepExpiredLots(env.points.ctx)).toBe(0);
    // The granted 50 points are earned, not bought: they stay.
    expect(await accountOf(db, 'e-1')).toEqual({ balance: 50, purchased: 0 });
    expect((await accountOf(db, HOUSE.expired)).balance).toBe(300);
    expect(await sumOfAllAccounts(db)).toBe(0);
    const rows = await db.selectFrom('transfers').select(['kind', 'amount']).where('kind', '=', 'expiry').execute();
    expect(rows).toEqual([{ kind: 'expiry', amount: 300 }]);
  });

  it('reports the unused purchased balance on a base date from the transfer rows', async () => {
    // e-1 bought 500 on 1 Mar and spent 200 of it the same day: 300 unused on 31 Mar.
    expect(await unusedPurchasedAt(env.points.ctx.db, new Date('2026-03-31T23:59:59Z'))).toBe(300);
    // Before anything was bought, nothing.
    expect(await unusedPurchasedAt(env.points.ctx.db, new Date('2026-02-28T00:00:00Z'))).toBe(0);
    // After the 300 expired, nothing is left unused.
    expect(await unusedPurchasedAt(env.points.ctx.db, clock.now())).toBe(0);
    expect(latestBaseDate(new Date('2026-05-10T00:00:00Z'))).toEqual(new Date('2026-03-31T00:00:00Z'));
    expect(latestBaseDate(new Date('2026-02-10T00:00:00Z'))).toEqual(new Date('2025-09-30T00:00:00Z'));
  });
});
