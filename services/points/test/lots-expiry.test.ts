import { requests } from '@honne/contracts/events';
import { ManualClock } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountOf } from '../src/db/repos/accounts.ts';
import { sumOfAllAccounts } from '../src/db/repos/ledger.ts';
import { transfer, type TransferInput } from '../src/ledger/transfer.ts';
import { unusedPurchasedAt } from '../src/db/repos/lots.ts';
import { baseDateFrom, HOUSE, latestBaseDate, latestEndedBaseDate } from '../src/domain/ledger.ts';
import { sweepExpiredLots } from '../src/jobs/expire-lots.ts';
import { startPoints } from './support.ts';

const DAY = 86_400_000;

describe.each(infraModes())('points purchased lots: expiry and report ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const move = (input: TransferInput) => transfer(env.points.ctx.db, input, clock.now(), { lotPolicy: 'expire' });
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

    // No reminder while expiry is more than 30 days away.
    const balance = async () =>
      (await env.points.app.inject({ method: 'GET', url: '/points/balance', headers: env.as('e-1') })).json().data;
    expect((await balance()).expiring).toEqual([]);
    // The add-points sheet and the how-to say how long a bought point lasts, from this policy.
    expect((await balance()).purchase_valid_days).toBe(180);
    clock.advance(160 * DAY);
    expect(await sweepExpiredLots(env.points.ctx)).toBe(0);
    // The reminder the user sees on /manage-point: 300 points, expiring 180 days after 1 March.
    expect((await balance()).expiring).toEqual([{ points: 300, expires_at: '2026-08-28T00:00:00.000Z' }]);

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

  it('tells the app that bought points do not expire when the policy keeps and reports them', async () => {
    const kept = await startPoints(mode, { lotPolicy: 'report' }, clock);
    try {
      const res = await kept.points.app.inject({ method: 'GET', url: '/points/balance', headers: kept.as('r-1') });
      expect(res.json().data.purchase_valid_days).toBeNull();
    } finally {
      await kept.close();
    }
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

  it('answers operators the unused balance per base date, as the console asks it (the CLI runs the same code)', async () => {
    const report = (base_date?: string) =>
      env.infra.bus.request(requests.pointsOperatorUnusedReport, base_date ? { base_date } : {});
    const march = await report('2026-03-31');
    expect(march).toEqual({
      ok: true,
      data: {
        base_date: '2026-03-31',
        policy: 'expire',
        unused_purchased: 300,
        threshold: 10_000_000,
        report_required: false,
        deposit_required: 0,
      },
    });
    // Without a date: the latest base date that has ended in Japan (now is late August 2026).
    expect(await report()).toMatchObject({ ok: true, data: { base_date: '2026-03-31' } });
    expect(await report('2026-09-30')).toMatchObject({ ok: true, data: { unused_purchased: 0 } });
    expect(await report('2026-04-01')).toMatchObject({
      ok: false,
      status: 403,
      errors: { base_date: '基準日は3月31日か9月30日を YYYY-MM-DD で指定してください。' },
    });
  });

  it('counts a purchase on the base date itself until midnight in Japan, and one after it not', () => {
    expect(baseDateFrom('2026-03-31')?.endsAt.toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(baseDateFrom('2026-09-30')?.endsAt.toISOString()).toBe('2026-09-30T15:00:00.000Z');
    expect(baseDateFrom('2026-06-30')).toBeUndefined();
    expect(latestEndedBaseDate(new Date('2026-03-31T14:00:00Z'))).toBe('2025-09-30');
    expect(latestEndedBaseDate(new Date('2026-03-31T15:00:00Z'))).toBe('2026-03-31');
    expect(latestEndedBaseDate(new Date('2026-12-01T00:00:00Z'))).toBe('2026-09-30');
  });
});
