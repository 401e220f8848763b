import { CHAT_MESSAGES, CHAT_REALTIME_TYPES, type Room } from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness, type Person } from './harness.ts';

// Issue 15 / spec §4: in a paid chat the owner asks for a bonus (the chat price again); the payer
// pays or declines; each paid bonus is one charge, whatever the taps.
describe.each(infraModes())('bonus chat ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  async function paidRoom(price = 50): Promise<{ owner: Person; payer: Person; room: string }> {
    const owner = await h.user();
    const payer = await h.user();
    const room = await h.topicRoom(payer, h.voice(owner, { chat_price: price }), { confirm_price: true });
    return { owner, payer, room };
  }
  const bonusCharges = (room: string) => [...h.charges.keys()].filter((k) => k.startsWith(`bonus:${room}:`));

  it('the owner asks, the payer pays once however often they tap, and both rooms show it', async () => {
    const { owner, payer, room } = await paidRoom(50);
    // Only the owner asks.
    const wrong = await h.post(`/rooms/${room}/bonuschat`, {}, payer);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(CHAT_MESSAGES.bonusNotAllowed);
    const asked = await h.post(`/rooms/${room}/bonuschat`, {}, owner);
    expect(asked.json().data).toMatchObject({ bonus: true, paid: true, bonus_price: 50, bonus_count: 0 });
    await h.settle();
    const seen = h.eventsOf(payer, CHAT_REALTIME_TYPES.roomUpdated).map((e) => (e.data as Room).bonus);
    expect(seen.at(-1)).toBe(true);

    // Two taps at once: one charge (the second is the same payment again, or finds nothing open).
    const taps = await Promise.all([1, 2].map(() => h.post(`/rooms/${room}/confirmbonuschat`, { status: 1 }, payer)));
    expect(taps.some((t) => t.statusCode === 200)).toBe(true);
    expect(bonusCharges(room)).toEqual([`bonus:${room}:1`]);
    expect(h.charges.get(`bonus:${room}:1`)).toMatchObject({
      kind: 'chat_bonus',
      from: payer.userId,
      to: owner.userId,
      amount: 50,
    });
    expect((await h.put(`/rooms/${room}/showBonusStatus`, {}, owner)).json().data).toMatchObject({
      bonus: false,
      bonus_count: 1,
    });
    // A second request is a second bonus.
    await h.post(`/rooms/${room}/bonuschat`, {}, owner);
    await h.post(`/rooms/${room}/confirmbonuschat`, { status: 1 }, payer);
    expect(bonusCharges(room)).toEqual([1, 2].map((n) => `bonus:${room}:${n}`));
  });

  it('declining charges nothing; short points keep the request open with the spec’s words', async () => {
    const { owner, payer, room } = await paidRoom(80);
    await h.post(`/rooms/${room}/bonuschat`, {}, owner);
    const declined = await h.post(`/rooms/${room}/confirmbonuschat`, { status: 0 }, payer);
    expect(declined.json().data).toMatchObject({ bonus: false, bonus_count: 0 });
    expect(bonusCharges(room)).toEqual([]);

    await h.post(`/rooms/${room}/bonuschat`, {}, owner);
    h.wallet.set(payer.userId, 10);
    const short = await h.post(`/rooms/${room}/confirmbonuschat`, { status: 1 }, payer);
    expect(short.statusCode).toBe(403);
    expect(short.json().error).toBe(messages.chatPointsShort);
    expect((await h.put(`/rooms/${room}/showBonusStatus`, {}, payer)).json().data.bonus).toBe(true);
  });

  it.each([
    [true, 1],
    ['1', 1],
    [false, 0],
    ['0', 0],
  ] as const)("takes the spec's status %j as %i (truthy pays)", async (status, paid) => {
    const { owner, payer, room } = await paidRoom(30);
    await h.post(`/rooms/${room}/bonuschat`, { status: 1 }, owner);
    const res = await h.post(`/rooms/${room}/confirmbonuschat`, { status }, payer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ bonus: false, bonus_count: paid });
    expect(bonusCharges(room)).toHaveLength(paid);
  });

  it('has no bonus in a free room, and nobody outside the room touches it', async () => {
    const owner = await h.user();
    const replier = await h.user();
    const free = await h.topicRoom(replier, h.voice(owner));
    expect((await h.post(`/rooms/${free}/bonuschat`, {}, owner)).statusCode).toBe(403);
    const { room } = await paidRoom();
    expect((await h.post(`/rooms/${room}/bonuschat`, {}, await h.user())).statusCode).toBe(404);
  });
});
