import { randomUUID } from 'node:crypto';

import { EXPERT_STATUS } from '@honne/contracts/accounts';
import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Issue 15: a user asks to be an expert; an operator approves or refuses; the mark follows. Operators
// answer in the console, which asks accounts over the bus (ADR 0034): its checks of who may are in
// services/safety/test/authorization.test.ts and test/operator-api.test.ts here.
describe.each(infraModes())('expert requests ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  const answer = (userId: string, approve: boolean) =>
    h.infra.bus.request(requests.accountsOperatorExpert, { actor: 'operator:test', user_id: userId, approve });
  const ask = (me: { caller: { userId: string; sessionId: string } }) =>
    h.post('/users/get_approval', {}, h.as(me.caller));
  const statusOf = async (me: { caller: { userId: string; sessionId: string } }) =>
    (await h.get('/users/profile', h.as(me.caller))).json().data.is_approval as number;

  it('is pending once asked (asking again changes nothing) until an operator approves; then the mark shows everywhere', async () => {
    const me = await h.register(`expert-${randomUUID().slice(0, 8)}@example.jp`);
    const viewer = await h.register(`viewer-${randomUUID().slice(0, 8)}@example.jp`);
    expect(await statusOf(me)).toBe(EXPERT_STATUS.none);
    // Nobody approves what was never asked.
    expect(await answer(me.user_id, true)).toMatchObject({
      ok: false,
      status: 403,
      message: messages.expertNotRequested,
    });

    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.requested });
    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.requested });
    expect(await statusOf(me)).toBe(EXPERT_STATUS.requested);

    const heard: { user_id: string; is_expert?: boolean }[] = [];
    const sub = h.infra.bus.subscribe(events.userProfileUpdated, (e) => void heard.push(e));
    await h.infra.bus.flush();
    const approved = await answer(me.user_id, true);
    expect(approved).toEqual({ ok: true, data: { user_id: me.user_id, is_approval: EXPERT_STATUS.approved } });
    await expect.poll(() => heard.filter((e) => e.user_id === me.user_id).at(-1)?.is_expert).toBe(true);
    sub.unsubscribe();
    expect((await h.get(`/users/${me.user_id}`, h.as(viewer.caller))).json().data.is_expert).toBe(true);
    // Approved, asking again keeps the approval.
    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.approved });
  });

  it('a refused request may be made again; the refused user carries no mark', async () => {
    const me = await h.register(`refused-${randomUUID().slice(0, 8)}@example.jp`);
    await ask(me);
    expect(await answer(me.user_id, false)).toMatchObject({ ok: true, data: { is_approval: EXPERT_STATUS.refused } });
    expect((await h.get(`/users/${me.user_id}`, h.as(me.caller))).json().data.is_expert).toBe(false);
    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.requested });
  });
});
