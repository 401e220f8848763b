import { randomUUID } from 'node:crypto';

import { EXPERT_STATUS } from '@honne/contracts/accounts';
import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

const OPERATOR = 'accounts-operator-token-0123456789';

// Issue 15: a user asks to be an expert; an operator approves or refuses; the mark follows.
describe.each(infraModes())('expert requests ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode, { operatorToken: OPERATOR });
  });
  afterAll(() => h?.close());

  const answer = (userId: string, approve: boolean, token = OPERATOR) =>
    h.app.inject({
      method: 'PUT',
      url: `/admin/users/${userId}/expert`,
      payload: { approve },
      headers: { authorization: `Bearer ${token}` },
    });
  const ask = (me: { caller: { userId: string; sessionId: string } }) =>
    h.post('/users/get_approval', {}, h.as(me.caller));
  const statusOf = async (me: { caller: { userId: string; sessionId: string } }) =>
    (await h.get('/users/profile', h.as(me.caller))).json().data.is_approval as number;

  it('is pending once asked (asking again changes nothing) until an operator approves; then the mark shows everywhere', async () => {
    const me = await h.register(`expert-${randomUUID().slice(0, 8)}@example.jp`);
    const viewer = await h.register(`viewer-${randomUUID().slice(0, 8)}@example.jp`);
    expect(await statusOf(me)).toBe(EXPERT_STATUS.none);
    // Nobody approves what was never asked.
    const early = await answer(me.user_id, true);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe(messages.expertNotRequested);

    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.requested });
    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.requested });
    expect(await statusOf(me)).toBe(EXPERT_STATUS.requested);

    // Only the operator credential answers; a user's token is no operator's.
    expect((await answer(me.user_id, true, 'not-the-operator-token-000000')).statusCode).toBe(401);

    const heard: { user_id: string; is_expert?: boolean }[] = [];
    const sub = h.infra.bus.subscribe(events.userProfileUpdated, (e) => void heard.push(e));
    await h.infra.bus.flush();
    const approved = await answer(me.user_id, true);
    expect(approved.json().data).toEqual({ user_id: me.user_id, is_approval: EXPERT_STATUS.approved });
    await expect.poll(() => heard.filter((e) => e.user_id === me.user_id).at(-1)?.is_expert).toBe(true);
    sub.unsubscribe();
    expect((await h.get(`/users/${me.user_id}`, h.as(viewer.caller))).json().data.is_expert).toBe(true);
    // Approved, asking again keeps the approval.
    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.approved });
  });

  it('a refused request may be made again; the refused user carries no mark', async () => {
    const me = await h.register(`refused-${randomUUID().slice(0, 8)}@example.jp`);
    await ask(me);
    expect((await answer(me.user_id, false)).json().data.is_approval).toBe(EXPERT_STATUS.refused);
    expect((await h.get(`/users/${me.user_id}`, h.as(me.caller))).json().data.is_expert).toBe(false);
    expect((await ask(me)).json().data).toEqual({ is_approval: EXPERT_STATUS.requested });
  });
});
