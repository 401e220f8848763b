import { messages } from '@honne/contracts';
import { giftStampId } from '@honne/contracts/chat';
import { events } from '@honne/contracts/events';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { transfer } from '../src/ledger/transfer.ts';
import { TEEN_AGE_ID } from '../src/domain/spend-caps.ts';
import { relayNow } from '../src/gifts/relay.ts';
import { startGiftHarness, type Person } from './gift-harness.ts';

describe.each(infraModes())('gifts: PUT /users/send_coin ($name)', (mode) => {
  let h: Awaited<ReturnType<typeof startGiftHarness>>;
  beforeAll(async () => {
    h = await startGiftHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  const giftStamps = (who: Person, roomId: string) => h.giftStamps(who, roomId);

  it('moves the points to the partner, posts the gift stamp for both, and tells both sockets their balance', async () => {
    const [a, b] = [await h.user('あかり', 1000), await h.user('ぶんた')];
    const room = await h.room(b, a);
    const res = await h.gift(a, { coin: 300, room_id: room, idempotency_key: 'tap-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ coin: 300, balance: 700, replayed: false });
    expect(await h.balance(a)).toBe(700);
    expect(await h.balance(b)).toBe(300);
    await eventually(async () => {
      expect(await giftStamps(a, room)).toEqual([
        expect.objectContaining({ stamp_id: giftStampId(300), is_mine: true }),
      ]);
      expect(await giftStamps(b, room)).toEqual([expect.objectContaining({ stamp_id: 1003, is_mine: false })]);
    });
    await eventually(() => {
      expect(h.balanceEvents(a).at(-1)).toBe(700);
      expect(h.balanceEvents(b).at(-1)).toBe(300);
    });
  });

  it('tells the sockets of a balance the writer could not announce: the change leaves with the committed transfer', async () => {
    const [a, b] = [await h.user('あかり', 1000), await h.user('ぶんた')];
    // As a process would leave it that died right after its commit: the transfer written, nobody told.
    const written = await transfer(
      h.points.ctx.db,
      { idempotencyKey: 'died-after-commit', kind: 'gift', from: a.userId, to: b.userId, amount: 100 },
      h.points.ctx.clock.now(),
      { lotPolicy: 'expire' },
    );
    expect(written.status).toBe('done');
    // The relay of a restarted process (or its next round) tells both.
    await relayNow(h.points.ctx);
    await eventually(() => {
      expect(h.balanceEvents(a).at(-1)).toBe(900);
      expect(h.balanceEvents(b).at(-1)).toBe(100);
    });
  });

  it('gives once for one tap: the same key again changes nothing and posts no second stamp', async () => {
    const [a, b] = [await h.user('あかり', 1000), await h.user('ぶんた')];
    const room = await h.room(b, a);
    const first = await h.gift(a, { coin: 100, room_id: room, idempotency_key: 'tap' });
    const again = await h.gift(a, { coin: 100, room_id: room, idempotency_key: 'tap' });
    expect(first.json().data).toMatchObject({ balance: 900, replayed: false });
    expect(again.json().data).toMatchObject({ gift_id: first.json().data.gift_id, balance: 900, replayed: true });
    expect(await h.balance(b)).toBe(100);
    await eventually(async () => expect(await giftStamps(b, room)).toHaveLength(1));
    // The key names one gift: another amount under it is refused, not given.
    const other = await h.gift(a, { coin: 300, room_id: room, idempotency_key: 'tap' });
    expect(other.statusCode).toBe(409);
    expect(await h.balance(a)).toBe(900);
  });

  it('shows a gift once in the chat however often its event arrives (redelivery, a relay that ran twice)', async () => {
    const [a, b] = [await h.user('あかり', 1000), await h.user('ぶんた')];
    const room = await h.room(b, a);
    const given = (await h.gift(a, { coin: 500, room_id: room })).json().data as { gift_id: string };
    await eventually(async () => expect(await giftStamps(b, room)).toHaveLength(1));
    const event = {
      gift_id: given.gift_id,
      room_id: room,
      sender_id: a.userId,
      receiver_id: b.userId,
      coin: 500,
      at: new Date().toISOString(),
    };
    // Published again under new message ids, so the stream stores both copies: chat must dedupe itself.
    await h.infra.bus.publish(events.giftSent, event, { id: `again-1-${given.gift_id}` });
    await h.infra.bus.publish(events.giftSent, event, { id: `again-2-${given.gift_id}` });
    const marker = (await h.gift(a, { coin: 100, room_id: room })).json().data as { gift_id: string };
    expect(marker.gift_id).toBeTruthy();
    await eventually(async () => expect(await giftStamps(b, room)).toHaveLength(2));
    expect((await giftStamps(b, room)).map((m) => m.stamp_id).sort()).toEqual([1001, 1005]);
  });

  it('keeps the balance above zero: a gift of everything is refused with the spec’s message, one point left is fine', async () => {
    const [a, b] = [await h.user('あかり', 300), await h.user('ぶんた')];
    const room = await h.room(b, a);
    const all = await h.gift(a, { coin: 300, room_id: room });
    expect(all.statusCode).toBe(403);
    expect(all.json()).toMatchObject({ status: 403, error: messages.pointsInsufficient });
    expect(await h.balance(a)).toBe(300);
    expect(await h.balance(b)).toBe(0);
    expect((await h.gift(a, { coin: 100, room_id: room })).json().data).toMatchObject({ balance: 200 });
  });

  it('holds a teen to the monthly cap of users under 18: past it the gift is refused with its message, no stamp', async () => {
    const [teen, b] = [await h.user('てつ', 10_000, TEEN_AGE_ID), await h.user('ぶんた')];
    const room = await h.room(b, teen);
    for (let i = 0; i < 5; i++) expect((await h.gift(teen, { coin: 1000, room_id: room })).statusCode).toBe(200);
    const over = await h.gift(teen, { coin: 100, room_id: room });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: messages.minorMonthlyCap, errors: { coin: messages.minorMonthlyCap } });
    expect([await h.balance(teen), await h.balance(b)]).toEqual([5000, 5000]);
    await eventually(async () => expect(await giftStamps(b, room)).toHaveLength(5));
  });

  it('offers only 100, 300, 500 and 1000 points', async () => {
    const [a, b] = [await h.user('あかり', 5000), await h.user('ぶんた')];
    const room = await h.room(b, a);
    for (const coin of [0, 50, 200, 2000, -100]) {
      const res = await h.gift(a, { coin, room_id: room });
      expect(res.statusCode, `coin ${coin}`).toBe(403);
    }
    const res = await h.gift(a, { coin: 200, room_id: room });
    expect(res.json()).toMatchObject({ errors: { coin: messages.giftCoinInvalid } });
    expect(await h.balance(a)).toBe(5000);
  });

  it('refuses outsiders, unknown rooms, blocked partners either way and a named receiver who is not the partner', async () => {
    const [a, b, c] = [await h.user('あかり', 1000), await h.user('ぶんた', 1000), await h.user('ちひろ', 1000)];
    const room = await h.room(b, a);
    expect((await h.gift(c, { coin: 100, room_id: room })).statusCode).toBe(404);
    expect((await h.gift(a, { coin: 100, room_id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await h.gift(a, { coin: 100, room_id: 'not-a-room' })).statusCode).toBe(404);
    const wrong = await h.gift(a, { coin: 100, room_id: room, receiveUserId: c.userId });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: messages.giftNotAllowed });
    expect((await h.gift(a, { coin: 100, room_id: room, receiveUserId: b.userId })).statusCode).toBe(200);

    await h.block(b, a);
    for (const [from] of [[a], [b]] as const) {
      const res = await h.gift(from, { coin: 100, room_id: room });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: messages.giftNotAllowed });
    }
    expect([await h.balance(a), await h.balance(b), await h.balance(c)]).toEqual([900, 1100, 1000]);
  });

  it('reaches an anonymous partner without naming them to the giver', async () => {
    const [a, b] = [await h.user('あかり', 1000), await h.user('ぶんた')];
    const room = await h.room(b, a, true);
    const res = await h.gift(b, { coin: 100, room_id: room });
    expect(res.statusCode).toBe(403); // b has nothing to give
    await h.points.app.inject({
      method: 'POST',
      url: '/admin/points/grants',
      headers: { authorization: `Bearer operator-token-for-tests-0123456789` },
      payload: { user_id: b.userId, amount: 500, reason: 'テスト', idempotency_key: `anon-${b.userId}` },
    });
    const given = await h.gift(b, { coin: 100, room_id: room });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.body).not.toContain(a.userId);
    expect(await h.balance(a)).toBe(1100);
  });

  it('never lets concurrent gifts overdraw: of 20 taps at once from 1000 points, exactly 9 go through', async () => {
    const [a, b] = [await h.user('あかり', 1000), await h.user('ぶんた')];
    const room = await h.room(b, a);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.gift(a, { coin: 100, room_id: room, idempotency_key: `burst-${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.filter((c) => c === 403)).toHaveLength(11);
    expect([await h.balance(a), await h.balance(b)]).toEqual([100, 900]);
    await eventually(async () => expect(await giftStamps(b, room)).toHaveLength(9), 10_000);
  });
});
