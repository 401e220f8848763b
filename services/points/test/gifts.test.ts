import { messages } from '@honne/contracts';
import { giftStampId } from '@honne/contracts/chat';
import { events } from '@honne/contracts/events';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { transfer } from '../src/ledger/transfer.ts';
import { TEEN_AGE_ID } from '../src/domain/spend-caps.ts';
import { relayNow } from '../src/gifts/relay.ts';
import { giftHarnessForSuite } from './gift-harness.ts';

describe.each(infraModes())('gifts: PUT /users/send_coin ($name)', (mode) => {
  const t = giftHarnessForSuite(mode);

  it('moves the points to the partner, posts the gift stamp for both, and tells both sockets their balance', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    const res = await t.h.gift(a, { coin: 300, room_id: room, idempotency_key: 'tap-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ coin: 300, balance: 700, replayed: false });
    expect(await t.h.balance(a)).toBe(700);
    expect(await t.h.balance(b)).toBe(300);
    await eventually(async () => {
      expect(await t.h.giftStamps(a, room)).toEqual([
        expect.objectContaining({ stamp_id: giftStampId(300), is_mine: true }),
      ]);
      expect(await t.h.giftStamps(b, room)).toEqual([expect.objectContaining({ stamp_id: 1003, is_mine: false })]);
    });
    await eventually(() => {
      expect(t.h.balanceEvents(a).at(-1)).toBe(700);
      expect(t.h.balanceEvents(b).at(-1)).toBe(300);
    });
  });

  it('tells the sockets of a balance the writer could not announce: the change leaves with the committed transfer', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    // As a process would leave it that died right after its commit: the transfer written, nobody told.
    const written = await transfer(
      t.h.points.ctx.db,
      { idempotencyKey: 'died-after-commit', kind: 'gift', from: a.userId, to: b.userId, amount: 100 },
      t.h.points.ctx.clock.now(),
      { lotPolicy: 'expire' },
    );
    expect(written.status).toBe('done');
    // The relay of a restarted process (or its next round) tells both.
    await relayNow(t.h.points.ctx);
    await eventually(() => {
      expect(t.h.balanceEvents(a).at(-1)).toBe(900);
      expect(t.h.balanceEvents(b).at(-1)).toBe(100);
    });
  });

  it('gives once for one tap: the same key again changes nothing and posts no second stamp', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    const first = await t.h.gift(a, { coin: 100, room_id: room, idempotency_key: 'tap' });
    const again = await t.h.gift(a, { coin: 100, room_id: room, idempotency_key: 'tap' });
    expect(first.json().data).toMatchObject({ balance: 900, replayed: false });
    expect(again.json().data).toMatchObject({ gift_id: first.json().data.gift_id, balance: 900, replayed: true });
    expect(await t.h.balance(b)).toBe(100);
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(1));
    // The key names one gift: another amount under it is refused, not given.
    const other = await t.h.gift(a, { coin: 300, room_id: room, idempotency_key: 'tap' });
    expect(other.statusCode).toBe(409);
    expect(await t.h.balance(a)).toBe(900);
  });

  it('shows a gift once in the chat however often its event arrives (redelivery, a relay that ran twice)', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    const given = (await t.h.gift(a, { coin: 500, room_id: room })).json().data as { gift_id: string };
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(1));
    const event = {
      gift_id: given.gift_id,
      room_id: room,
      sender_id: a.userId,
      receiver_id: b.userId,
      coin: 500,
      at: new Date().toISOString(),
    };
    // Published again under new message ids, so the stream stores both copies: chat must dedupe itself.
    await t.h.infra.bus.publish(events.giftSent, event, { id: `again-1-${given.gift_id}` });
    await t.h.infra.bus.publish(events.giftSent, event, { id: `again-2-${given.gift_id}` });
    const marker = (await t.h.gift(a, { coin: 100, room_id: room })).json().data as { gift_id: string };
    expect(marker.gift_id).toBeTruthy();
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(2));
    expect((await t.h.giftStamps(b, room)).map((m) => m.stamp_id).sort()).toEqual([1001, 1005]);
  });

  it('keeps the balance above zero: a gift of everything is refused with the spec’s message, one point left is fine', async () => {
    const [a, b] = [await t.h.user('あかり', 300), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    const all = await t.h.gift(a, { coin: 300, room_id: room });
    expect(all.statusCode).toBe(403);
    expect(all.json()).toMatchObject({ status: 403, error: messages.pointsInsufficient });
    expect(await t.h.balance(a)).toBe(300);
    expect(await t.h.balance(b)).toBe(0);
    expect((await t.h.gift(a, { coin: 100, room_id: room })).json().data).toMatchObject({ balance: 200 });
  });

  it('holds a teen to the monthly cap of users under 18: past it the gift is refused with its message, no stamp', async () => {
    const [teen, b] = [await t.h.user('てつ', 10_000, TEEN_AGE_ID), await t.h.user('ぶんた')];
    const room = await t.h.room(b, teen);
    for (let i = 0; i < 5; i++) expect((await t.h.gift(teen, { coin: 1000, room_id: room })).statusCode).toBe(200);
    const over = await t.h.gift(teen, { coin: 100, room_id: room });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: messages.minorMonthlyCap, errors: { coin: messages.minorMonthlyCap } });
    expect([await t.h.balance(teen), await t.h.balance(b)]).toEqual([5000, 5000]);
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(5));
  });

  it('offers only 100, 300, 500 and 1000 points', async () => {
    const [a, b] = [await t.h.user('あかり', 5000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    for (const coin of [0, 50, 200, 2000, -100]) {
      const res = await t.h.gift(a, { coin, room_id: room });
      expect(res.statusCode, `coin ${coin}`).toBe(403);
    }
    const res = await t.h.gift(a, { coin: 200, room_id: room });
    expect(res.json()).toMatchObject({ errors: { coin: messages.giftCoinInvalid } });
    expect(await t.h.balance(a)).toBe(5000);
  });

  it('refuses outsiders, unknown rooms, blocked partners either way and a named receiver who is not the partner', async () => {
    const [a, b, c] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた', 1000), await t.h.user('ちひろ', 1000)];
    const room = await t.h.room(b, a);
    expect((await t.h.gift(c, { coin: 100, room_id: room })).statusCode).toBe(404);
    expect((await t.h.gift(a, { coin: 100, room_id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await t.h.gift(a, { coin: 100, room_id: 'not-a-room' })).statusCode).toBe(404);
    const wrong = await t.h.gift(a, { coin: 100, room_id: room, receiveUserId: c.userId });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: messages.giftNotAllowed });
    expect((await t.h.gift(a, { coin: 100, room_id: room, receiveUserId: b.userId })).statusCode).toBe(200);

    await t.h.block(b, a);
    for (const [from] of [[a], [b]] as const) {
      const res = await t.h.gift(from, { coin: 100, room_id: room });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: messages.giftNotAllowed });
    }
    expect([await t.h.balance(a), await t.h.balance(b), await t.h.balance(c)]).toEqual([900, 1100, 1000]);
  });

  it('reaches an anonymous partner without naming them to the giver', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a, true);
    const res = await t.h.gift(b, { coin: 100, room_id: room });
    expect(res.statusCode).toBe(403); // b has nothing to give
    await t.h.grant(b, 500, `anon-${b.userId}`);
    const given = await t.h.gift(b, { coin: 100, room_id: room });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.body).not.toContain(a.userId);
    expect(await t.h.balance(a)).toBe(1100);
  });

  it('answers alike whichever id is named beside an anonymous partner, person blocks included (issue 25)', async () => {
    // b gives with nothing to give, in a room where a is anonymous; c is anyone else.
    const [a, b, c] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた'), await t.h.user('ちひろ')];
    const room = await t.h.room(b, a, true);
    const answer = async (receiveUserId: string) => {
      const res = await t.h.gift(b, { coin: 100, room_id: room, receiveUserId });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const real = await answer(a.userId);
    expect(real.status).toBe(403);
    expect(real.body).toMatchObject({ code: 'points_insufficient' });
    expect(await answer(c.userId)).toEqual(real);
    expect(await answer(crypto.randomUUID())).toEqual(real);
    // Blocking a suspect by name changes nothing in the anonymous room, whoever the suspect is.
    await t.h.block(b, a);
    await t.h.block(b, c);
    expect(await answer(a.userId)).toEqual(real);
    expect(await answer(c.userId)).toEqual(real);
    // The room's own block is how its anonymous partner is blocked: then no gift, either way.
    const blocked = await t.h.chat$('POST', `/rooms/${room}/block`, b);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ partner_blocked: true, is_friend: false });
    const refused = await t.h.gift(a, { coin: 100, room_id: room });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'gift_not_allowed' });
    expect(await t.h.balance(a)).toBe(1000);
  });

  it('takes the spec’s shape {coin, receiveUserId}: the pair’s latest live room, never an anonymous partner’s', async () => {
    const [a, b, c] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた'), await t.h.user('ちひろ')];
    const older = await t.h.room(b, a);
    t.h.clock.advance(1_000);
    const newer = await t.h.room(b, a);
    expect(newer).not.toBe(older);
    const given = await t.h.gift(a, { coin: 100, receiveUserId: b.userId });
    expect(given.statusCode, given.body).toBe(200);
    expect(await t.h.balance(b)).toBe(100);
    await eventually(async () => expect(await t.h.giftStamps(b, newer)).toHaveLength(1));
    expect(await t.h.giftStamps(b, older)).toEqual([]);

    // c talks with a anonymously only: c's id finds nothing, as an id a has no room with.
    await t.h.room(a, c, true);
    const byAnonymousId = await t.h.gift(a, { coin: 100, receiveUserId: c.userId });
    const byStranger = await t.h.gift(a, { coin: 100, receiveUserId: crypto.randomUUID() });
    expect(byAnonymousId.statusCode).toBe(404);
    expect(byAnonymousId.json()).toEqual(byStranger.json());
    expect(byStranger.statusCode).toBe(404);
    // Neither a room nor a person: the partner is asked for.
    const neither = await t.h.gift(a, { coin: 100 });
    expect(neither.statusCode).toBe(403);
    expect(neither.json()).toMatchObject({ errors: { receiveUserId: messages.partnerRequired } });
    expect(await t.h.balance(a)).toBe(900);
  });

  it('never lets concurrent gifts overdraw: of 20 taps at once from 1000 points, exactly 9 go through', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.h.gift(a, { coin: 100, room_id: room, idempotency_key: `burst-${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.filter((c) => c === 403)).toHaveLength(11);
    expect([await t.h.balance(a), await t.h.balance(b)]).toEqual([100, 900]);
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(9), 10_000);
  });
});
