import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

type Caller = { userId: string; sessionId: string };

// Issue 11: no answer about an anonymous partner depends on who they are; a block holds between
// people, whichever of their characters either uses.
describe.each(infraModes())('accounts privacy: anonymous partners and blocks ($name)', (mode) => {
  let h: Harness;
  let me: Caller, partner: Caller, other: Caller;
  const blockEvents: { blocker_id: string; blocked_id: string; blocked: boolean }[] = [];
  const anonymousRoom = crypto.randomUUID();

  beforeAll(async () => {
    h = await startHarness(mode);
    h.infra.bus.subscribe(events.blockChanged, (e) => void blockEvents.push(e));
    me = (await h.register('pv-me@example.jp')).caller;
    partner = (await h.register('pv-partner@example.jp')).caller;
    other = (await h.register('pv-other@example.jp')).caller;
    // Chat's answer about the room: me, and a partner who talks anonymously.
    h.infra.bus.respond(requests.chatRoomParticipants, async ({ room_id }) => ({
      found: room_id === anonymousRoom,
      participants:
        room_id === anonymousRoom
          ? [
              { user_id: me.userId, is_anonymous: false },
              { user_id: partner.userId, is_anonymous: true },
            ]
          : [],
    }));
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
  });
  afterAll(() => h?.close());

  it('answers a friend request in an anonymous room the same whoever is named: the real partner, anyone, no one', async () => {
    const answers = [];
    for (const candidate of [partner.userId, other.userId, crypto.randomUUID()]) {
      const res = await h.post('/users/friends', { user_id: candidate, room_id: anonymousRoom }, h.as(me));
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 403,
      body: expect.objectContaining({ error: messages.cannotFriendAnonymous }),
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('hides each one’s profile card from the other once either blocks, and across all their characters', async () => {
    const blocker = (await h.register('pv-blocker@example.jp')).caller;
    const blocked = (await h.register('pv-blocked@example.jp')).caller;
    expect((await h.get(`/users/${blocker.userId}`, h.as(blocked))).statusCode).toBe(200);
    expect((await h.post('/users/block', { id: blocked.userId }, h.as(blocker))).json().data).toBe(true);
    for (const [viewer, card] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const res = await h.get(`/users/${card.userId}`, h.as(viewer));
      expect(res.statusCode).toBe(404);
    }
    // The blocked person's new character is blocked too: accounts tells chat and topics each pair.
    const added = await h.post('/users/add_myusers', {}, h.as(blocked));
    expect(added.statusCode).toBe(200);
    const second = added.json().data.id as string;
    await expect
      .poll(() => blockEvents)
      .toContainEqual({ blocker_id: blocker.userId, blocked_id: second, blocked: true, at: expect.any(String) });
    const switched = await h.post('/users/switch_character', { id: second }, h.as(blocked));
    expect(switched.statusCode).toBe(200);
    const asSecond = (await h.ctx.tokens.verify(switched.json().data.access_token, h.clock.now()))!;
    expect(asSecond.userId).toBe(second);
    expect((await h.get(`/users/${blocker.userId}`, h.as(asSecond))).statusCode).toBe(404);
    // Friending is refused between the families as well.
    expect((await h.post('/users/friends', { user_id: blocker.userId }, h.as(asSecond))).json().error).toBe(
      messages.cannotFriendBlocked,
    );
    // A bystander still sees both.
    expect((await h.get(`/users/${blocker.userId}`, h.as(other))).statusCode).toBe(200);
    // Unblocking lifts it for every character at once.
    await h.post('/users/unblock', { id: blocked.userId }, h.as(blocker));
    await expect
      .poll(() => blockEvents)
      .toContainEqual({ blocker_id: blocker.userId, blocked_id: second, blocked: false, at: expect.any(String) });
    expect((await h.get(`/users/${blocker.userId}`, h.as(asSecond))).statusCode).toBe(200);
  });
});
