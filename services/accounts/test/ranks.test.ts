import { randomUUID } from 'node:crypto';

import { events, requests } from '@honne/contracts/events';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Operators set ranks in the console, which asks accounts over the bus (ADR 0034); who may is
// safety's check (services/safety/test/authorization.test.ts, test/operator-api.test.ts here).
describe.each(infraModes())('ranks: new users charge nothing until an operator sets a rank ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode, {
      defaultRank: { max_point_for_chatting: 0, max_point_for_a_call: 0 },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const setRank = (userId: string, rank: object) =>
    h.infra.bus.request(requests.accountsOperatorRank, {
      actor: 'operator:test',
      user_id: userId,
      rank: rank as { max_point_for_chatting: number; max_point_for_a_call: number },
    });
  const rankOf = async (session: { caller: { userId: string; sessionId: string } }) =>
    (await h.get('/users/profile', h.as(session.caller))).json().data.rank;

  it('starts a new user at rank 0/0, and an operator raises it; other services hear of it', async () => {
    const me = await h.register(`rank-${randomUUID().slice(0, 8)}@example.jp`);
    expect(await rankOf(me)).toEqual({ max_point_for_chatting: 0, max_point_for_a_call: 0 });

    const heard: { user_id: string; max_point_for_chatting: number }[] = [];
    const sub = h.infra.bus.subscribe(events.userProfileUpdated, (e) => void heard.push(e));
    await h.infra.bus.flush();
    const res = await setRank(me.user_id, { max_point_for_chatting: 300, max_point_for_a_call: 50 });
    expect(res).toEqual({
      ok: true,
      data: { user_id: me.user_id, rank: { max_point_for_chatting: 300, max_point_for_a_call: 50 } },
    });
    expect(await rankOf(me)).toEqual({ max_point_for_chatting: 300, max_point_for_a_call: 50 });
    await eventually(() =>
      expect(heard).toContainEqual(expect.objectContaining({ user_id: me.user_id, max_point_for_chatting: 300 })),
    );
    sub.unsubscribe();
  });

  it('refuses prices that are negative, too large or not in steps of 10, and unknown users', async () => {
    const me = await h.register(`rank-${randomUUID().slice(0, 8)}@example.jp`);
    for (const bad of [
      { max_point_for_chatting: -10, max_point_for_a_call: 0 },
      { max_point_for_chatting: 15, max_point_for_a_call: 0 },
      { max_point_for_chatting: 0, max_point_for_a_call: 1_000_000 },
      { max_point_for_chatting: 0 },
    ]) {
      await expect(setRank(me.user_id, bad), JSON.stringify(bad)).rejects.toThrow(/invalid payload/);
    }
    expect(await setRank(randomUUID(), { max_point_for_chatting: 10, max_point_for_a_call: 10 })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await rankOf(me)).toEqual({ max_point_for_chatting: 0, max_point_for_a_call: 0 });
  });

  it('follows the configured default for new users', async () => {
    const generous = await startHarness(mode, {
      defaultRank: { max_point_for_chatting: 200, max_point_for_a_call: 20 },
    });
    try {
      const me = await generous.register(`rank-${randomUUID().slice(0, 8)}@example.jp`);
      expect((await generous.get('/users/profile', generous.as(me.caller))).json().data.rank).toEqual({
        max_point_for_chatting: 200,
        max_point_for_a_call: 20,
      });
    } finally {
      await generous.close();
    }
  });
});
