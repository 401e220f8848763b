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
  /** What an account's transfer rows say its balance is (in minus out). */
  const netOf = async (user: string) => {
    const rows = await env.points.ctx.db
      .selectFrom('transfers')
      .select(['debit_account', 'amount'])
      .where((eb) => eb.or([eb('debit_account', '=', user), eb('credit_account', '=', user)]))
      .execute();
    return rows.reduce((s, r) => s + (r.debit_account === user ? -r.amount : r.amount), 0);
  };
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
    for (const u of users) expect((await accountOf(db, u)).balance).toBe(await netOf(u));
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

  it('opens accounts it has never seen, also when transfers race to open the same pair from both sides', async () => {
    const db = env.points.ctx.db;
    const fresh = ['o-1', 'o-2', 'o-3'];
    // Grants to three new accounts, each asked twice under one key (a double submit), racing gifts
    // between the same new accounts in both directions: every transaction finds its pair incomplete.
    const grants = fresh.flatMap((u) =>
      [0, 1].map(() => ({
        idempotencyKey: `open:${u}`,
        kind: 'grant' as const,
        from: HOUSE.issued,
        to: u,
        amount: 300,
      })),
    );
    const gifts = Array.from({ length: 12 }, (_, i) => ({
      idempotencyKey: `open-gift:${i}`,
      kind: 'gift' as const,
      from: fresh[i % 3]!,
      to: fresh[(i + 1 + (i % 2)) % 3]!,
      amount: 100,
    }));
    const results = await Promise.all([...grants, ...gifts].map((t) => move(t)));
    const grantResults = results.slice(0, grants.length);
    expect(grantResults.every((r) => r.status === 'done')).toBe(true);
    expect(grantResults.filter((r) => r.status === 'done' && !r.replayed)).toHaveLength(3);
    for (const r of results.slice(grants.length)) expect(['done', 'insufficient']).toContain(r.status);

    expect(await sumOfAllAccounts(db)).toBe(0);
    const accepted = results.slice(grants.length).filter((r) => r.status === 'done').length;
    const held = await db.selectFrom('accounts').select(['balance']).where('user_id', 'in', fresh).execute();
    expect(held).toHaveLength(3);
    expect(held.reduce((s, a) => s + Number(a.balance), 0)).toBe(900);
    for (const u of fresh) expect((await accountOf(db, u)).balance).toBe(await netOf(u));
    const giftRows = await db
      .selectFrom('transfers')
      .select('id')
      .where('idempotency_key', 'like', 'open-gift:%')
      .execute();
    expect(giftRows).toHaveLength(accepted);
  });

  it('keeps each purchased part equal to its lots while spends that take from lots race both ways', async () => {
    const db = env.points.ctx.db;
    const pair = ['b-1', 'b-2'];
    for (const u of pair) {
      await move({ idempotencyKey: `buy-a:${u}`, kind: 'purchase', from: HOUSE.sales, to: u, amount: 500 });
      clock.advance(DAY);
      await move({ idempotencyKey: `buy-b:${u}`, kind: 'purchase', from: HOUSE.sales, to: u, amount: 700 });
      await move({ idempotencyKey: `earn:${u}`, kind: 'grant', from: HOUSE.issued, to: u, amount: 300 });
    }
    // 60 spends each way: purchased points first, oldest lot first, then earned; a receiver's points
    // are earned, so each side's lots only shrink while its purchased part must follow them exactly.
    const spends = Array.from({ length: 120 }, (_, i) => ({
      idempotencyKey: `lots-race:${i}`,
      kind: (i % 3 === 0 ? 'chat_fee' : 'gift') as TransferKind,
      from: pair[i % 2]!,
      to: pair[(i + 1) % 2]!,
      amount: [30, 70, 110][i % 3]!,
    }));
    const results = await Promise.all(spends.map((t) => move(t)));
    expect(results.filter((r) => r.status === 'done').length).toBeGreaterThan(0);

    expect(await sumOfAllAccounts(db)).toBe(0);
    for (const u of pair) {
      const account = await accountOf(db, u);
      const lots = await db.selectFrom('lots').select(['amount', 'remaining']).where('user_id', '=', u).execute();
      expect(lots).toHaveLength(2);
      expect(account.purchased).toBe(lots.reduce((s, l) => s + l.remaining, 0));
      // What left the lots is what the transfers say they took from them.
      const paid = await db
        .selectFrom('transfers')
        .select(['purchased_amount'])
        .where('debit_account', '=', u)
        .where('idempotency_key', 'like', 'lots-race:%')
        .execute();
      expect(lots.reduce((s, l) => s + l.amount - l.remaining, 0)).toBe(
        paid.reduce((s, t) => s + t.purchased_amount, 0),
      );
      expect(account.balance).toBeGreaterThanOrEqual(account.purchased);
    }
  });
});
