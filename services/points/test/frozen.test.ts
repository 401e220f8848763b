import { randomUUID } from 'node:crypto';

import { messages } from '@honne/contracts';
import { events, requests, type EventPayload } from '@honne/contracts/events';
import { pointsFrozen } from '@honne/service-kit';
import { infraModes, publishAndWait } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { giftHarnessForSuite, type GiftHarness, type Person } from './gift-harness.ts';

/**
 * Frozen points (issue 27, ADR 0030): the moderation service's `freeze` restriction reaches points
 * as the other restrictions reach chat and calls; a frozen person spends nothing (gifts, paid
 * chats, bonuses, call minutes), what they receive is recorded and waits, and an unfreeze (not a
 * lift of a mute or suspension) gives it all back to them.
 */
describe.each(infraModes())('frozen points ($name)', (mode) => {
  const t = giftHarnessForSuite(mode);

  const restrict = async (
    h: GiftHarness,
    who: Person,
    restriction: EventPayload<typeof events.personRestricted>['restriction'],
    until: Date | null = null,
  ) => {
    const at = new Date(h.clock.now().getTime() + 1);
    h.clock.set(at);
    const frozenNow = restriction === 'freeze';
    await publishAndWait(
      h.infra.bus,
      events.personRestricted,
      {
        event_id: randomUUID(),
        person_id: `person-${who.userId}`,
        user_ids: restriction === 'freeze' || restriction === 'mute' ? [who.userId] : [],
        restriction,
        until: until?.toISOString() ?? null,
        at: at.toISOString(),
      },
      async () =>
        restriction === 'freeze' || restriction === 'unfreeze'
          ? Boolean(await pointsFrozen(h.points.ctx.db, who.userId, h.clock.now())) === frozenNow
          : (await h.points.ctx.db
              .selectFrom('person_restrictions')
              .select('user_id')
              .where('user_id', '=', who.userId)
              .where('restriction', '=', restriction)
              .executeTakeFirst()) !== undefined || restriction === 'lift',
    );
  };

  it('refuses a frozen person’s gift with the words, holds the gifts they receive, and gives them back on unfreeze', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた', 500)];
    const room = await t.h.room(b, a);
    await restrict(t.h, a, 'freeze');

    const refused = await t.h.gift(a, { coin: 100, room_id: room, idempotency_key: 'frozen-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: messages.pointsFrozen, errors: { coin: messages.pointsFrozen } });
    expect(messages.pointsFrozen).toBe('現在ポイントの利用が制限されています。');
    expect(await t.h.balance(a)).toBe(1000);

    // What A receives comes in (recorded, in the balance) but is held: A still cannot spend it.
    const received = await t.h.gift(b, { coin: 300, room_id: room, idempotency_key: 'to-frozen' });
    expect(received.statusCode, received.body).toBe(200);
    expect(await t.h.balance(a)).toBe(1300);
    expect((await t.h.gift(a, { coin: 100, room_id: room })).statusCode).toBe(403);

    // A lift (of a mute or suspension) leaves the freeze standing: only an unfreeze ends it.
    await restrict(t.h, a, 'lift');
    expect((await t.h.gift(a, { coin: 100, room_id: room })).statusCode).toBe(403);

    await restrict(t.h, a, 'unfreeze');
    const spent = await t.h.gift(a, { coin: 1000, room_id: room, idempotency_key: 'after' });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(await t.h.balance(a)).toBe(300);
  });

  it('refuses a frozen replier’s paid chat and a charge other services ask for (bonus, call minute)', async () => {
    const [owner, replier] = [await t.h.user('おうか'), await t.h.user('りく', 500)];
    await restrict(t.h, replier, 'freeze');
    const voice = t.h.voice(owner, 100);
    const res = await t.h.openRoom(replier, voice, { confirm_price: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: messages.pointsFrozen, errors: { chat_price: messages.pointsFrozen } });
    expect([await t.h.balance(replier), await t.h.balance(owner)]).toEqual([500, 0]);

    for (const kind of ['chat_bonus', 'call_minute'] as const) {
      const answer = await t.h.infra.bus.request(requests.pointsTransfer, {
        key: `${kind}-${replier.userId}`,
        kind,
        from: replier.userId,
        to: owner.userId,
        amount: 50,
      });
      expect(answer).toMatchObject({ status: 'frozen', balance: 500 });
    }
  });

  it('ends a timed freeze by itself, and a mute freezes nothing', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    await restrict(t.h, a, 'mute');
    expect((await t.h.gift(a, { coin: 100, room_id: room })).statusCode).toBe(200);

    await restrict(t.h, a, 'freeze', new Date(t.h.clock.now().getTime() + 3_600_000));
    expect((await t.h.gift(a, { coin: 100, room_id: room })).statusCode).toBe(403);
    t.h.clock.set(new Date(t.h.clock.now().getTime() + 3_600_001));
    expect((await t.h.gift(a, { coin: 100, room_id: room })).statusCode).toBe(200);
    expect(await t.h.balance(a)).toBe(800);
  });
});
