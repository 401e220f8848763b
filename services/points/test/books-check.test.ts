import { metricsText } from '@honne/service-kit';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ledgerRules } from '../src/config.ts';
import { HOUSE } from '../src/domain/ledger.ts';
import { removeUser } from '../src/events/user-deleted.ts';
import { checkBooks } from '../src/jobs/books-check.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { startPoints } from './support.ts';

/** One line of the Prometheus text: the metric's value, unlabelled or with `labels`. */
const valueOf = async (metric: string, labels = '') =>
  Number(new RegExp(`^${metric}${labels.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(await metricsText())?.[1]);

/** A grant from the house (as an operator's), the transfer input the ledger takes. */
const houseGrant = (idempotencyKey: string, to: string, amount: number) => ({
  idempotencyKey,
  kind: 'grant' as const,
  from: HOUSE.issued,
  to,
  amount,
});

describe.each(infraModes())('the books check and the money metrics (issue 29) ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const A = uuidOf('books-a');
  const B = uuidOf('books-b');
  beforeAll(async () => {
    env = await startPoints(mode);
  });
  afterAll(() => env?.close());

  it('counts the points a committed transfer moves, by kind, and not a replay', async () => {
    const before = (await valueOf('honne_points_moved_total', '{kind="grant"}')) || 0;
    const input = houseGrant(`books-grant-${mode.name}`, A, 300);
    const rules = ledgerRules(env.config);
    await transfer(env.points.ctx.db, input, new Date(), rules);
    await transfer(env.points.ctx.db, input, new Date(), rules);
    expect(await valueOf('honne_points_moved_total', '{kind="grant"}')).toBe(before + 300);
  });

  it('keeps the books whole when a user who still holds points is deleted: what they held is forfeited to the house', async () => {
    const C = uuidOf('books-c');
    const rules = ledgerRules(env.config);
    const input = houseGrant(`books-c-${mode.name}`, C, 700);
    await transfer(env.points.ctx.db, input, new Date(), rules);
    await removeUser(env.points.ctx, C);
    expect(await checkBooks(env.points.ctx)).toBe(true);
    const house = await sql<{
      balance: number;
    }>`select balance from accounts where user_id = ${HOUSE.forfeited}`.execute(env.points.ctx.db);
    expect(Number(house.rows[0]?.balance)).toBeGreaterThanOrEqual(700);
  });

  it('reads balanced books as 1, and a person below zero or a sum off zero as 0', async () => {
    expect(await checkBooks(env.points.ctx)).toBe(true);
    expect(await valueOf('honne_ledger_books_balanced')).toBe(1);
    // What no flow can write (CHECK constraints aside): the check must see it.
    for (const check of ['accounts_balance_check', 'accounts_purchased_check'])
      await sql`alter table accounts drop constraint if exists ${sql.ref(check)}`.execute(env.points.ctx.db);
    await sql`insert into accounts (user_id, balance) values (${B}, -5)`.execute(env.points.ctx.db);
    expect(await checkBooks(env.points.ctx)).toBe(false);
    expect(await valueOf('honne_ledger_books_balanced')).toBe(0);
    expect(await valueOf('honne_ledger_negative_accounts')).toBe(1);
  });
});
