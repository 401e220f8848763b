import { events } from '@honne/contracts/events';
import { ManualClock } from '@honne/service-kit';
import {
  accountsStandIn,
  infraModes,
  publishAndWait,
  testRunPrefix,
  testUserId,
  userCard,
} from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hasAccount, heldUserIdsPage } from '../src/db/repos/accounts.ts';
import { HOUSE } from '../src/domain/ledger.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { ledgerRules } from '../src/config.ts';
import { rebuildReadModels } from '../src/events/rebuild.ts';
import { startPoints } from './support.ts';

describe('rebuild without NATS', () => {
  it('refuses clearly: accounts answers over the bus', async () => {
    const env = await startPoints({ name: 'embedded' });
    try {
      await expect(rebuildReadModels(env.points.ctx)).rejects.toThrow('rebuild needs NATS_URL');
    } finally {
      await env.close();
    }
  });
});

describe.each(infraModes().filter((m) => m.natsUrl))('rebuild from accounts ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock('2026-05-20T01:00:00.000Z');
  const register = (userId: string) =>
    publishAndWait(
      env.infra.bus,
      events.userRegistered,
      { user_id: userId, email_id: userId, registered_at: clock.now().toISOString() },
      () => hasAccount(env.points.ctx.db, userId),
    );
  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
  });
  afterAll(() => env?.close());

  it('removes a user accounts no longer has, keeps one registering while it runs and the house', async () => {
    const run = testRunPrefix();
    const [kept, gone, late] = [testUserId(run, 1), testUserId(run, 2), testUserId(run, 3)];
    await register(kept);
    await register(gone);
    await transfer(
      env.points.ctx.db,
      { idempotencyKey: `rebuild:${gone}`, kind: 'grant', from: HOUSE.issued, to: gone, amount: 50 },
      clock.now(),
      ledgerRules(env.config),
    );
    clock.advance(60_000);

    // Accounts no longer has `gone` (its deletion event was lost); `late` registers while the
    // rebuild reads the cards, so points hears of it after the rebuild started.
    const accounts = accountsStandIn(env.infra.bus, {
      beforeCardsPage: async (after) => {
        if (after !== null) return;
        clock.advance(1000);
        accounts.users.set(late, userCard(late, clock.now()));
        await register(late);
      },
    });
    accounts.users.set(kept, userCard(kept, clock.now()));
    expect(await heldUserIdsPage(env.points.ctx.db, null, 500)).toContain(gone);
    let counts;
    try {
      counts = await rebuildReadModels(env.points.ctx);
    } finally {
      accounts.close();
    }
    // Users of other suites on this NATS reach points too (its durable consumers catch up, even
    // while this runs): this accounts lacks them as well, so every one asked about and lacking went.
    const lacking = accounts.asked.flat().filter((id) => !accounts.users.has(id));
    expect(lacking).toContain(gone);
    expect(counts).toEqual({ users: 2, deleted: lacking.length });
    // The house is points' own: never asked about.
    expect(accounts.asked.flat().filter((id) => id.startsWith('house:'))).toEqual([]);
    expect(await hasAccount(env.points.ctx.db, gone)).toBe(false);
    const ages = await env.points.ctx.db
      .selectFrom('spender_ages')
      .select('user_id')
      .where('user_id', '=', gone)
      .execute();
    expect(ages).toEqual([]);
    expect(await hasAccount(env.points.ctx.db, kept)).toBe(true);
    expect(await hasAccount(env.points.ctx.db, late)).toBe(true);
    expect(await hasAccount(env.points.ctx.db, HOUSE.issued)).toBe(true);
  });

  it('accounts cannot answer which users exist: refused, nobody removed', async () => {
    const gone = testUserId(testRunPrefix(), 1);
    await register(gone);
    const accounts = accountsStandIn(env.infra.bus);
    accounts.state.down = true;
    try {
      await expect(rebuildReadModels(env.points.ctx)).rejects.toThrow('accounts is going away');
    } finally {
      accounts.close();
    }
    expect(await hasAccount(env.points.ctx.db, gone)).toBe(true);
  });
});
