import { giftStampId } from '@honne/contracts/chat';
import { requests } from '@honne/contracts/events';
import { describeOnRealInfra, eventually } from '@honne/service-kit/testing';
import { expect, it } from 'vitest';

import { relayNow } from '../src/gifts/relay.ts';
import { giftHarnessForSuite } from './gift-harness.ts';

// Only real NATS and PostgreSQL outlive a stopped chat; in-process, nothing is ever down (ADR 0007).
describeOnRealInfra('a crash between the ledger write and the gift message', (mode) => {
  const t = giftHarnessForSuite(mode);

  it('chat dies after naming the partner: the gift is written once, and chat posts one stamp when it is back', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    // Chat answers who is in the room, then dies (process and NATS connection) before the gift
    // event reaches it: its last answer is replayed by the test, the chat process is gone.
    const answer = await t.h.infra.bus.request(requests.chatRoomParticipants, { room_id: room });
    expect(answer.found).toBe(true);
    await t.h.stopChat();
    const lastWords = t.h.infra.bus.respond(requests.chatRoomParticipants, async () => answer);
    await t.h.infra.bus.flush();

    const sent = await t.h.gift(a, { coin: 300, room_id: room, idempotency_key: 'during-crash' });
    expect(sent.statusCode, sent.body).toBe(200);
    lastWords.unsubscribe();
    expect([await t.h.balance(a), await t.h.balance(b)]).toEqual([700, 300]);
    const rows = await t.h.points.ctx.db.selectFrom('outbox').select(['event_id', 'published_at']).execute();
    const gift = rows.find((r) => r.event_id === `gift:${sent.json().data.gift_id}`);
    // Committed with the ledger entry, and handed to the stream while no chat listened.
    expect(gift?.published_at).not.toBeNull();
    // A relay round more, as after a restart of points, changes nothing.
    await relayNow(t.h.points.ctx);

    await t.h.restartChat();
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(1), 15_000);
    expect((await t.h.giftStamps(a, room))[0]).toMatchObject({ stamp_id: giftStampId(300) });
    // A later gift arrives after the caught-up one and the first stays single.
    const later = await t.h.gift(a, { coin: 100, room_id: room, idempotency_key: 'after' });
    expect(later.statusCode, later.body).toBe(200);
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(2), 15_000);
    expect((await t.h.giftStamps(b, room)).map((m) => m.stamp_id).sort()).toEqual([1001, 1003]);
  });

  it('points dies after publishing and before marking the row: the row goes out again, chat still shows one', async () => {
    const [a, b] = [await t.h.user('あかり', 1000), await t.h.user('ぶんた')];
    const room = await t.h.room(b, a);
    const sent = await t.h.gift(a, { coin: 500, room_id: room, idempotency_key: 'unpublished' });
    expect(sent.statusCode).toBe(200);
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(1), 15_000);
    // The state such a crash leaves: the row not marked as sent, so a restarted relay sends it again.
    await t.h.points.ctx.db
      .updateTable('outbox')
      .set({ published_at: null })
      .where('event_id', '=', `gift:${sent.json().data.gift_id}`)
      .execute();
    await relayNow(t.h.points.ctx);
    await relayNow(t.h.points.ctx);
    const marker = await t.h.gift(a, { coin: 100, room_id: room, idempotency_key: 'marker' });
    expect(marker.statusCode).toBe(200);
    await eventually(async () => expect(await t.h.giftStamps(b, room)).toHaveLength(2), 15_000);
    expect((await t.h.giftStamps(b, room)).map((m) => m.stamp_id).sort()).toEqual([1001, 1005]);
  });
});
