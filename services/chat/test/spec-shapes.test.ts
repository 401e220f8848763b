import { randomUUID } from 'node:crypto';

import { cutDurablePublishes, infraModes } from '@honne/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { finishPaidOpenings, PAID_OPENING_GRACE_MS } from '../src/domain/rooms.ts';
import { chatRelay } from '../src/events/outbox.ts';

import { startHarness, type Person } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

// Issue 26: the spec's message payload is accepted as its client sends it; the opener's first reply
// reaches topics even when the bus is down at that moment; opening a paid chat is one durable flow.
describe.each(infraModes())("chat: the spec's shapes and durable flows ($name)", (mode) => {
  let h: Harness;
  let owner: Person;
  let replier: Person;
  beforeAll(async () => {
    h = await startHarness(mode);
    owner = await h.user({ user_name: 'ぬし' });
    replier = await h.user({ user_name: 'こたえるひと' });
  });
  afterAll(() => h?.close());

  /** Durable publishes fail as on a lost connection (the outbox keeps them). */
  const cutOff = () => cutDurablePublishes(h.ctx.bus);

  it('takes the spec’s message with its sender fields: the sender is the token’s, the receiver the room’s, `id` the client id', async () => {
    const topic = h.voice(owner);
    const room = await h.topicRoom(replier, topic);
    const clientId = randomUUID();
    const payload = {
      id: clientId,
      message_type_id: 1,
      room_id: room,
      topic_id: topic,
      user_id: replier.userId,
      send_user_mail: 'who@example.jp',
      // What the payload claims is not what is stored: the names and the receiver are the server's.
      user_name: 'べつのなまえ',
      is_anonymous: true,
      receiver_id: randomUUID(),
      data: 'しようのとおり',
      size: null,
      is_read: true,
      status: 'sent_success',
      topic_title: 'ちがう題',
      room_type_id: 4,
      created_at: { _seconds: 1, _nanoseconds: 0 },
      expire_at: '2030-01-01T00:00:00.000Z',
    };
    const sent = await h.post('/messages', payload, replier);
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().data;
    expect(message).toMatchObject({ room_id: room, user_id: replier.userId, data: 'しようのとおり' });
    const stored = await h.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ sender_id: replier.userId, receiver_id: owner.userId, client_id: clientId });

    // Sent again (a resend of a sent-fail message): the same message, stored once.
    const again = await h.post('/messages', payload, replier);
    expect(again.json().data.id).toBe(message.id);
    const inRoom = await h.ctx.db.selectFrom('messages').select('id').where('room_id', '=', room).execute();
    expect(inRoom).toHaveLength(1);
  });

  it('refuses a payload whose user_id names someone other than the sender', async () => {
    const room = await h.topicRoom(replier, h.voice(owner));
    const res = await h.post(
      '/messages',
      { room_id: room, message_type_id: 1, data: 'なりすまし', user_id: owner.userId },
      replier,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toHaveProperty('user_id');
  });

  it('queues chat.room.replied with the flag: the bus down at the first reply delays it, never loses it', async () => {
    const room = await h.topicRoom(replier, h.voice(owner));
    const restore = cutOff();
    try {
      expect((await h.send(replier, room, { data: 'はじめまして' })).statusCode).toBe(200);
    } finally {
      restore();
    }
    const pending = await h.ctx.db.selectFrom('outbox').select('event_id').where('published_at', 'is', null).execute();
    expect(pending.map((p) => p.event_id)).toContain(`replied:${room}`);
    const heard = () => h.seen.replied.filter((e) => e.room_id === room).length;
    await chatRelay(h.ctx).now();
    await expect.poll(heard).toBe(1);
    // A second message marks nothing again.
    await h.send(replier, room, { data: 'もういちど' });
    await h.settle();
    expect(heard()).toBe(1);
  });

  it('a crash between the charge and the room leaves a plan the job finishes: one room, one charge', async () => {
    const payer = await h.user({ user_name: 'はらうひと' });
    h.wallet.set(payer.userId, 1000);
    const topic = h.voice(owner, { chat_price: 100 });
    // The room's insert fails after points charged: the request ends as a crash would leave it.
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION spec_fail_room_insert() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'injected crash'; END $$`,
      )
      .execute(h.ctx.db);
    await sql
      .raw(
        'CREATE TRIGGER spec_fail_room_insert BEFORE INSERT ON rooms FOR EACH ROW EXECUTE FUNCTION spec_fail_room_insert()',
      )
      .execute(h.ctx.db);
    let crashed;
    try {
      crashed = await h.post('/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true }, payer);
    } finally {
      await sql.raw('DROP TRIGGER spec_fail_room_insert ON rooms').execute(h.ctx.db);
    }
    expect(crashed.statusCode).toBe(500);
    const fees = () => [...h.charges.values()].filter((c) => c.from === payer.userId && c.kind === 'chat_fee');
    expect(fees()).toHaveLength(1);
    expect(h.wallet.get(payer.userId)).toBe(900);
    const rooms = () => h.ctx.db.selectFrom('rooms').selectAll().where('topic_id', '=', topic).execute();
    expect(await rooms()).toEqual([]);

    // Within the request's grace the job leaves it alone; after it, the job finishes it.
    expect(await finishPaidOpenings(h.ctx)).toBe(0);
    h.clock.advance(PAID_OPENING_GRACE_MS + 1000);
    expect(await finishPaidOpenings(h.ctx)).toBe(1);
    const [room] = await rooms();
    expect(room).toMatchObject({ paid: true, opener_id: payer.userId });
    expect(fees()).toEqual([expect.objectContaining({ amount: 100, room_id: room!.id })]);
    expect(h.wallet.get(payer.userId)).toBe(900);
    await expect.poll(() => h.seen.opened.filter((e) => e.room_id === room!.id).length).toBe(1);
    expect(await h.ctx.db.selectFrom('paid_openings').select('room_id').execute()).toEqual([]);

    // The payer trying again meets the same room, charged nothing more.
    const retry = await h.post('/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true }, payer);
    expect(retry.json().data).toMatchObject({ id: room!.id, paid: true });
    expect(fees()).toHaveLength(1);
    expect(await rooms()).toHaveLength(1);
    expect(await finishPaidOpenings(h.ctx)).toBe(0);
  });

  it('calls a paid opening off when the charge is refused: no plan left, no room', async () => {
    const poor = await h.user({ user_name: 'たりないひと' });
    h.wallet.set(poor.userId, 10);
    const topic = h.voice(owner, { chat_price: 100 });
    const res = await h.post('/rooms', { topic_id: topic, room_type_id: 2, confirm_price: true }, poor);
    expect(res.statusCode).toBe(403);
    expect(await h.ctx.db.selectFrom('paid_openings').select('room_id').execute()).toEqual([]);
  });
});
