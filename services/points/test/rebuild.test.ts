import { events, requests } from '@honne/contracts/events';
import { ManualClock } from '@honne/service-kit';
import { infraModes, publishAndWait, testRunPrefix, testUserId } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hasAccount } from '../src/db/repos/accounts.ts';
import { HOUSE } from '../src/domain/ledger.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { ledgerRules } from '../src/config.ts';
import { rebuildReadModels } from '../src/events/rebuild.ts';
import { startPoints } from './support.ts';

/** Accounts' card of a user, as `accounts.snapshot.cards` answers it. */
const card = (userId: string, at: Date) => ({
  user_id: userId,
  email_id: userId,
  user_name: userId.slice(0, 8),
  profile_image: null,
  gender: '1',
  age_id: 3,
  area_id: 1,
  max_point_for_chatting: 0,
  max_point_for_a_call: 0,
  updated_at: at.toISOString(),
});

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

  it('removes a user the complete snapshot leaves out, keeps one registered after its start and the house', async () => {
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
    // snapshot is being read, so it is on no page, and points hears of it after the rebuild started.
    let pages = 0;
    const standIn = env.infra.bus.respond(requests.accountsCardsPage, async ({ after }) => {
      pages++;
      if (after === null) {
        clock.advance(1000);
        await register(late);
        return { items: [card(kept, clock.now())], next: kept };
      }
      return { items: [], next: null };
    });
    try {
      expect(await rebuildReadModels(env.points.ctx)).toEqual({ users: 1, deleted: 1 });
    } finally {
      standIn.unsubscribe();
    }
    expect(pages).toBe(2);
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
});
