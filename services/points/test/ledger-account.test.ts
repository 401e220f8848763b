import { events, requests } from '@honne/contracts/events';
import { IDENTITY_HEADERS } from '@honne/service-kit';
import { infraModes, testConfig, testInfra, uniqueName } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createService, type RunningService } from '../src/server.ts';

describe.each(infraModes())('points ledger accounts ($name)', (mode) => {
  let infra: Awaited<ReturnType<typeof testInfra>>;
  let points: RunningService;
  beforeAll(async () => {
    infra = await testInfra(mode);
    points = await createService(testConfig('points', mode), {
      bus: infra.bus,
      cache: infra.cache,
      inMemoryDb: !mode.databaseUrl,
      schema: uniqueName('points'),
    });
  });
  afterAll(async () => {
    await points?.close();
    await infra?.close();
  });

  it('opens an account at 0 for a registered user, once even if the event comes twice', async () => {
    const event = { user_id: 'u-1', email_id: 'u1@example.jp', registered_at: new Date().toISOString() };
    await infra.bus.publish(events.userRegistered, event);
    await infra.bus.publish(events.userRegistered, event);
    await infra.bus.flush();
    // NATS delivers asynchronously: wait for the row through the balance request, which runs after it.
    for (;;) {
      const rows = await points.ctx.db.selectFrom('accounts').selectAll().where('user_id', '=', 'u-1').execute();
      if (rows.length === 1) {
        expect(rows[0]!.balance).toBe(0);
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await points.ctx.db.selectFrom('transfers').selectAll().execute()).toEqual([]);
  });

  it('answers balance requests over the bus', async () => {
    expect(await infra.bus.request(requests.balanceGet, { user_id: 'u-1' })).toEqual({ user_id: 'u-1', balance: 0 });
    expect(await infra.bus.request(requests.balanceGet, { user_id: 'nobody' })).toEqual({
      user_id: 'nobody',
      balance: 0,
    });
  });

  it('serves the caller balance over HTTP only with the gateway identity', async () => {
    const cfg = testConfig('points', mode);
    const anonymous = await points.app.inject({ method: 'GET', url: '/points/balance' });
    expect(anonymous.statusCode).toBe(401);
    const res = await points.app.inject({
      method: 'GET',
      url: '/points/balance',
      headers: {
        [IDENTITY_HEADERS.userId]: 'u-1',
        [IDENTITY_HEADERS.sessionId]: 's',
        [IDENTITY_HEADERS.internalToken]: cfg.internalToken,
      },
    });
    expect(res.json()).toEqual({
      data: {
        user_id: 'u-1',
        balance: 0,
        purchased: 0,
        expiring: [],
        monthly_cap: null,
        spent_this_month: 0,
        teen: false,
        age_bracket: null,
        purchase_valid_days: 180,
      },
      status: 200,
      error: null,
      last_doc_id: null,
    });
  });

  it('refuses a negative balance at the database', async () => {
    await expect(
      points.ctx.db.updateTable('accounts').set({ balance: -1 }).where('user_id', '=', 'u-1').execute(),
    ).rejects.toThrow();
  });
});
