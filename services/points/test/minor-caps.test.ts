import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { ManualClock } from '@honne/service-kit';
import { infraModes, publishAndWait } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ledgerRules } from '../src/config.ts';
import { sumOfAllAccounts } from '../src/db/repos/ledger.ts';
import { transfer, type TransferInput } from '../src/ledger/transfer.ts';
import { HOUSE } from '../src/domain/ledger.ts';
import { jstMonthStart, TEEN_AGE_ID } from '../src/domain/spend-caps.ts';
import { startPoints } from './support.ts';

describe('the month of the caps', () => {
  it('starts at midnight on the 1st in Japan time', () => {
    expect(jstMonthStart(new Date('2026-05-31T14:59:59Z')).toISOString()).toBe('2026-04-30T15:00:00.000Z');
    expect(jstMonthStart(new Date('2026-05-31T15:00:00Z')).toISOString()).toBe('2026-05-31T15:00:00.000Z');
    expect(jstMonthStart(new Date('2027-01-01T03:00:00Z')).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });
});

describe.each(infraModes())('monthly spend caps for users under 18 ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  // 10:00 on 20 May in Japan.
  const clock = new ManualClock('2026-05-20T01:00:00.000Z');
  const rules = () => ledgerRules(env.config);
  const move = (input: TransferInput) => transfer(env.points.ctx.db, input, clock.now(), rules());
  const fund = (user: string, amount: number) =>
    move({ idempotencyKey: `fund:${user}:${amount}`, kind: 'grant', from: HOUSE.issued, to: user, amount });
  const profile = (user: string, family: string, ageId: number) => env.profile(user, family, ageId);
  const balance = (user: string) =>
    env.points.app.inject({ method: 'GET', url: '/points/balance', headers: env.as(user) }).then((r) => r.json().data);
  const declare = (user: string, bracket: string) =>
    env.points.app.inject({ method: 'PUT', url: '/points/age_bracket', headers: env.as(user), payload: { bracket } });

  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('holds a teen to ¥5,000-worth a month until they declare 16–17 (¥20,000), and refuses past it with the message', async () => {
    await profile('teen-1', 'fam-teen-1', TEEN_AGE_ID);
    await fund('teen-1', 30_000);
    expect(await balance('teen-1')).toMatchObject({
      monthly_cap: 5000,
      spent_this_month: 0,
      teen: true,
      age_bracket: null,
    });

    expect((await move({ idempotencyKey: 't1:a', kind: 'gift', from: 'teen-1', to: 'x-1', amount: 4000 })).status).toBe(
      'done',
    );
    // A paid chat's fee over the bus (as chat asks for it) would pass 5,000: refused, nothing written.
    const fee = await env.infra.bus.request(requests.pointsTransfer, {
      key: 't1:fee',
      kind: 'chat_fee',
      from: 'teen-1',
      to: 'x-1',
      amount: 1100,
    });
    expect(fee).toMatchObject({ status: 'monthly_cap', replayed: false, balance: 26_000 });
    expect(
      await env.points.ctx.db.selectFrom('transfers').select('id').where('idempotency_key', '=', 't1:fee').execute(),
    ).toEqual([]);
    // Up to the cap exactly is fine.
    expect(
      (await move({ idempotencyKey: 't1:b', kind: 'call_minute', from: 'teen-1', to: 'x-1', amount: 1000 })).status,
    ).toBe('done');
    expect(await balance('teen-1')).toMatchObject({ monthly_cap: 5000, spent_this_month: 5000 });

    const res = await declare('teen-1', '16to17');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ monthly_cap: 20_000, spent_this_month: 5000, age_bracket: '16to17' });
    expect(
      (await move({ idempotencyKey: 't1:fee', kind: 'chat_fee', from: 'teen-1', to: 'x-1', amount: 1100 })).status,
    ).toBe('done');
    expect(
      (await move({ idempotencyKey: 't1:c', kind: 'gift', from: 'teen-1', to: 'x-1', amount: 14_000 })).status,
    ).toBe('monthly_cap');
  });

  it('caps spending only: points still come in past the cap', async () => {
    await profile('teen-2', 'fam-teen-2', TEEN_AGE_ID);
    expect((await fund('teen-2', 10_000)).status).toBe('done');
    expect((await move({ idempotencyKey: 't2:a', kind: 'gift', from: 'teen-2', to: 'x-2', amount: 5000 })).status).toBe(
      'done',
    );
    expect((await move({ idempotencyKey: 't2:b', kind: 'gift', from: 'teen-2', to: 'x-2', amount: 100 })).status).toBe(
      'monthly_cap',
    );
    // Points still come in; only spending is capped.
    expect((await fund('teen-2', 500)).status).toBe('done');
    expect(messages.minorMonthlyCap).toMatch(/^18歳未満の方が1か月に使えるポイントの上限/);
  });

  it('counts every character of one person together, even when they spend at the same moment', async () => {
    await profile('kid-a', 'fam-kid', TEEN_AGE_ID);
    await profile('kid-b', 'fam-kid', 3); // the same person's second character says 30代
    await fund('kid-a', 10_000);
    await fund('kid-b', 10_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        move({ idempotencyKey: `kid:${i}`, kind: 'gift', from: i % 2 ? 'kid-a' : 'kid-b', to: 'x-3', amount: 300 }),
      ),
    );
    const done = results.filter((r) => r.status === 'done').length;
    expect(results.filter((r) => r.status === 'monthly_cap')).toHaveLength(40 - done);
    // 16 × 300 = 4,800 ≤ 5,000 < 17 × 300.
    expect(done).toBe(16);
    expect(await balance('kid-b')).toMatchObject({ monthly_cap: 5000, spent_this_month: 4800 });
    expect(await sumOfAllAccounts(env.points.ctx.db)).toBe(0);
  });

  // Issue 25: 5,000 spent read 4,000 after deleting a character that had spent 1,000, and the next
  // 1,000 passed; repeated with new characters, the cap was gone.
  it('keeps a deleted character’s spending in its person’s month: the cap holds whatever is deleted', async () => {
    await profile('del-main', 'fam-del', TEEN_AGE_ID);
    await fund('del-main', 10_000);
    for (const [i, who] of ['del-c1', 'del-c2'].entries()) {
      await profile(who, 'fam-del', TEEN_AGE_ID);
      await fund(who, 10_000);
      expect(
        (await move({ idempotencyKey: `del:${i}`, kind: 'gift', from: who, to: 'x-9', amount: 2000 })).status,
      ).toBe('done');
      await publishAndWait(
        env.infra.bus,
        events.userDeleted,
        { user_id: who, deleted_at: clock.now().toISOString() },
        async () =>
          !(await env.points.ctx.db
            .selectFrom('accounts')
            .select('user_id')
            .where('user_id', '=', who)
            .executeTakeFirst()),
      );
      expect(await balance('del-main')).toMatchObject({ monthly_cap: 5000, spent_this_month: 2000 * (i + 1) });
    }
    expect(
      (await move({ idempotencyKey: 'del:m1', kind: 'gift', from: 'del-main', to: 'x-9', amount: 1000 })).status,
    ).toBe('done');
    expect(await balance('del-main')).toMatchObject({ spent_this_month: 5000 });
    expect(
      (await move({ idempotencyKey: 'del:m2', kind: 'gift', from: 'del-main', to: 'x-9', amount: 100 })).status,
    ).toBe('monthly_cap');
  });

  it('starts again on the 1st of the next month in Japan time', async () => {
    await profile('teen-3', 'fam-teen-3', TEEN_AGE_ID);
    await fund('teen-3', 20_000);
    clock.set(new Date('2026-05-31T14:00:00Z')); // 23:00 on 31 May in Japan
    expect((await move({ idempotencyKey: 't3:a', kind: 'gift', from: 'teen-3', to: 'x-4', amount: 5000 })).status).toBe(
      'done',
    );
    expect((await move({ idempotencyKey: 't3:b', kind: 'gift', from: 'teen-3', to: 'x-4', amount: 100 })).status).toBe(
      'monthly_cap',
    );
    clock.set(new Date('2026-05-31T15:00:00Z')); // midnight, 1 June in Japan
    expect((await move({ idempotencyKey: 't3:b', kind: 'gift', from: 'teen-3', to: 'x-4', amount: 100 })).status).toBe(
      'done',
    );
  });

  it('caps no adult, and lets a teen who declares 18 or over spend freely; a made-up bracket is refused', async () => {
    await profile('adult-1', 'fam-adult', 2);
    await fund('adult-1', 50_000);
    expect(
      (await move({ idempotencyKey: 'ad:a', kind: 'gift', from: 'adult-1', to: 'x-5', amount: 30_000 })).status,
    ).toBe('done');
    expect(await balance('adult-1')).toMatchObject({ monthly_cap: null, teen: false });

    await profile('teen-4', 'fam-teen-4', TEEN_AGE_ID);
    await fund('teen-4', 10_000);
    expect((await declare('teen-4', '18plus')).json().data).toMatchObject({ monthly_cap: null, age_bracket: '18plus' });
    expect((await move({ idempotencyKey: 't4:a', kind: 'gift', from: 'teen-4', to: 'x-5', amount: 8000 })).status).toBe(
      'done',
    );

    const bad = await declare('teen-4', '20s');
    expect(bad.statusCode).toBe(403);
    // An adult's profile who declares under 16 is held to it: the declaration is the person's word.
    expect((await declare('adult-1', 'under16')).json().data).toMatchObject({
      monthly_cap: 5000,
      spent_this_month: 30_000,
    });
    expect((await move({ idempotencyKey: 'ad:b', kind: 'gift', from: 'adult-1', to: 'x-5', amount: 100 })).status).toBe(
      'monthly_cap',
    );
  });
});
