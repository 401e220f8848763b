import { ManualClock } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountOf } from '../src/db/repos/accounts.ts';
import { sumOfAllAccounts } from '../src/db/repos/ledger.ts';
import { transfer, type TransferInput } from '../src/ledger/transfer.ts';
import { HOUSE, type TransferKind } from '../src/domain/ledger.ts';
import { startPoints } from './support.ts';

const DAY = 86_400_000;

describe.each(infraModes())('points ledger transfers ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock('2026-04-01T00:00:00.000Z');
  const move = (input: TransferInput) => transfer(env.points.ctx.db, input, clock.now(), { lotPolicy: 'expire' });
  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('keeps 1,000 concurrent gifts and fees exact: sum zero, never negative, one row per accepted spend', async () => {
    const users = ['c-1', 'c-2', 'c-3', 'c-4'];
    for (const u of users) {
      const r = await move({ idempotencyKey: `seed:${u}`, kind: 'grant', from: HOUSE.issued, to: u, amount: 500 });
      expect(r.status).toBe('done');
    }
    const kinds: TransferKind[] = ['gift', 'chat_fee'];
    const attempts = Array.from({ length: 1000 }, (_, i) => ({
      idempotencyKey: `race:${i}`,
      kind: kinds[i % 2]!,
      from: users[i % 4]!,
      to: users[(i * 7 + 1) % 4 === i % 4 ? (i + 1) % 4 : (i * 7 + 1) % 4]!,
      amount: [100, 300, 500, 1000][i % 4]!,
    }));
    const results = await Promise.all(attempts.map((a) => move(a)));
    const accepted = results.filter((r) => r.status === 'done').length;
    const refused = results.filter((r) => r.status === 'insufficient').length;
    expect(accepted + refused).toBe(1000);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);

    const db = env.points.ctx.db;
    const raced = await db
      .selectFrom('transfers')
      .select('idempotency_key')
      .where('idempotency_key', 'like', 'race:%')
      .execute();
    expect(raced).toHaveLength(accepted);
    const acceptedKeys = new Set(attempts.filter((_, i) => results[i]!.status === 'done').map((a) => a.idempotencyKey));
    expect(new Set(raced.map((r) => r.idempotency_key))).toEqual(acceptedKeys);

    expect(await sumOfAllAccounts(db)).toBe(0);
    const balances = await db
      .selectFrom('accounts')
      .select(['user_id', 'balance'])
      .where('user_id', 'in', users)
      .execute();
    for (const b of balances) expect(b.balance).toBeGreaterThanOrEqual(0);
    // Each balance is what its transfers say: the cached column never drifts from the rows.
    for (const u of users) {
      const rows = await db
        .selectFrom('transfers')
        .select(['debit_account', 'amount'])
        .where((eb) => eb.or([eb('debit_account', '=', u), eb('credit_account', '=', u)]))
        .execute();
      const net = rows.reduce((s, r) => s + (r.debit_account === u ? -r.amount : r.amount), 0);
      expect((await accountOf(db, u)).balance).toBe(net);
    }
    expect(users.reduce((s, u) => s + Number(balances.find((b) => b.user_id === u)!.balance), 0)).toBe(2000);
  }, 60_000);

  it('changes nothing when a write is retried with the same key, and refuses the key for another movement', async () => {
    const db = env.points.ctx.db;
    const gift = {
      idempotencyKey: 'gift:g-1',
      kind: 'gift' as const,
      from: 'r-1',
      to: 'r-2',
      amount: 100,
      giftId: 'g-1',
    };
    await move({ idempotencyKey: 'seed:r-1', kind: 'grant', from: HOUSE.issued, to: 'r-1', amount: 300 });
    const first = await move(gift);
    const again = await Promise.all([move(gift), move(gift), move(gift)]);
    expect(first.status).toBe('done');
    for (const r of again) {
      expect(r).toMatchObject({ status: 'done', replayed: true });
      if (r.status === 'done' && first.status === 'done') expect(r.transfer.id).toBe(first.transfer.id);
    }
    expect((await accountOf(db, 'r-1')).balance).toBe(200);
    expect((await accountOf(db, 'r-2')).balance).toBe(100);
    expect(await move({ ...gift, amount: 200 })).toEqual({ status: 'conflict' });
    expect((await accountOf(db, 'r-1')).balance).toBe(200);
  });

  it('refuses a spend above the balance and writes nothing for it', async () => {
    const db = env.points.ctx.db;
    await move({ idempotencyKey: 'seed:p-1', kind: 'grant', from: HOUSE.issued, to: 'p-1', amount: 100 });
    expect(await move({ idempotencyKey: 'fee:x', kind: 'chat_fee', from: 'p-1', to: 'p-2', amount: 101 })).toEqual({
      status: 'insufficient',
    });
    expect(await db.selectFrom('transfers').select('id').where('idempotency_key', '=', 'fee:x').execute()).toEqual([]);
    expect((await accountOf(db, 'p-1')).balance).toBe(100);
    // The refused key is free: the same payment succeeds once the points are there.
    await move({ idempotencyKey: 'seed2:p-1', kind: 'grant', from: HOUSE.issued, to: 'p-1', amount: 1 });
    expect(
      (await move({ idempotencyKey: 'fee:x', kind: 'chat_fee', from: 'p-1', to: 'p-2', amount: 101 })).status,
    ).toBe('done');
  });

  it('keeps purchased points in lots, spends them oldest first, and not after they expire', async () => {
    const db = env.points.ctx.db;
    const start = clock.now();
    await move({ idempotencyKey: 'buy:1', kind: 'purchase', from: HOUSE.sales, to: 'l-1', amount: 300 });
    clock.advance(10 * DAY);
    await move({ idempotencyKey: 'buy:2', kind: 'purchase', from: HOUSE.sales, to: 'l-1', amount: 500 });
    await move({ idempotencyKey: 'grant:l-1', kind: 'grant', from: HOUSE.issued, to: 'l-1', amount: 200 });
    expect(await accountOf(db, 'l-1')).toEqual({ balance: 1000, purchased: 800 });

    const spend = await move({ idempotencyKey: 'spend:1', kind: 'gift', from: 'l-1', to: 'l-2', amount: 400 });
    expect(spend).toMatchObject({ status: 'done', transfer: { purchased_amount: 400 } });
    const lots = await db
      .selectFrom('lots')
      .select(['amount', 'remaining', 'expires_at'])
      .where('user_id', '=', 'l-1')
      .orderBy('issued_at')
      .execute();
    expect(lots.map((l) => [l.amount, l.remaining])).toEqual([
      [300, 0],
      [500, 400],
    ]);
    expect(lots[0]!.expires_at).toEqual(new Date(start.getTime() + 180 * DAY));
    // The gift's receiver earned those points: they are not purchased points of theirs.
    expect((await accountOf(db, 'l-2')).purchased).toBe(0);

    // Past the second lot's expiry its 400 points are no longer spendable.
    clock.advance(181 * DAY);
    const total = (await accountOf(db, 'l-1')).balance;
    expect(
      await move({ idempotencyKey: 'spend:2', kind: 'gift', from: 'l-1', to: 'l-2', amount: total - 399 }),
    ).toEqual({ status: 'insufficient' });
    expect(
      (await move({ idempotencyKey: 'spend:3', kind: 'gift', from: 'l-1', to: 'l-2', amount: total - 400 })).status,
    ).toBe('done');
  });
});
