import { randomUUID } from 'node:crypto';

import { CHAT_LIMITS, CHAT_REALTIME_TYPES, MESSAGE_TYPES, type Message } from '@honne/contracts/chat';
import { events } from '@honne/contracts/events';
import { eventually, infraModes, publishRestriction } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Issue 27: a muted person sends nothing (over HTTP or the socket) until the mute ends (the
// other side still sends to them), and messages an operator deleted go for both sides, live.
describe.each(infraModes())('moderation enforced by chat ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  it('refuses a muted person’s messages with the end of the mute, lets the partner send, and lets them again after', async () => {
    const owner = await h.user();
    const muted = await h.user();
    const room = await h.topicRoom(muted, h.voice(owner));
    expect((await h.send(muted, room)).statusCode).toBe(200);
    const until = new Date(h.clock.now().getTime() + 60_000);
    await publishRestriction(h.infra.bus, h.ctx.db, {
      person_id: `person-${muted.userId}`,
      user_ids: [muted.userId],
      restriction: 'mute',
      until,
      at: h.clock.now(),
    });
    for (const res of [await h.send(muted, room), await h.sendCommand(muted, room)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        status: 403,
        error: expect.stringMatching(/^現在、投稿・チャット・通話が制限されています（\d+月\d+日 \d\d:\d\dまで）$/),
      });
    }
    expect((await h.send(owner, room)).statusCode).toBe(200);
    h.clock.advance(60_001);
    expect((await h.send(muted, room)).statusCode).toBe(200);
  });

  it('tells a muted person of the mute before any other refusal, and still stores what a service writes in their name', async () => {
    const owner = await h.user();
    const muted = await h.user();
    const room = await h.topicRoom(muted, h.voice(owner));
    await publishRestriction(h.infra.bus, h.ctx.db, {
      person_id: `person-${muted.userId}`,
      user_ids: [muted.userId],
      restriction: 'mute',
      until: new Date(h.clock.now().getTime() + 60_000),
      at: h.clock.now(),
    });
    // Issue 32: the send statement reads the mute with the room, so refusals found before it (a text too
    // long, a room not theirs) and an image (which reads its room first) must still say the mute.
    const refused = await Promise.all([
      h.send(muted, room, { data: 'あ'.repeat(CHAT_LIMITS.textMax + 1) }),
      h.send(muted, randomUUID()),
      h.send(muted, room, { message_type_id: MESSAGE_TYPES.base64Image, data: 'not an image' }),
      h.sendCommand(muted, room, { client_id: 'muted-resend' }),
      h.sendCommand(muted, room, { client_id: 'muted-resend' }),
    ]);
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: expect.stringMatching(/^現在、投稿・チャット・通話が制限されています/),
      });
    }
    // Sent together with the muted person's, the partner's words are stored; the muted person's are not.
    const [mine, theirs] = await Promise.all([h.send(muted, room), h.send(owner, room, { data: '届く' })]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([403, 200]);
    const texts = async () =>
      ((await h.get(`/rooms/${room}/messages`, owner)).json().data as Message[]).map((m) => m.message_type_id);
    expect(await texts()).toEqual([MESSAGE_TYPES.text]);
    // A call record is the calls service's, written in the caller's name: a mute does not hold it back.
    await h.infra.bus.publish(events.callEnded, {
      call_id: randomUUID(),
      room_id: room,
      topic_id: null,
      caller_id: muted.userId,
      callee_id: owner.userId,
      end_cause: 'hangup',
      record_type: MESSAGE_TYPES.callSuccess,
      data: '00:05',
      duration_seconds: 5,
      payer_id: null,
      call_price: 0,
      connected_at: h.clock.now().toISOString(),
      ended_at: h.clock.now().toISOString(),
    });
    await eventually(async () =>
      expect((await texts()).sort()).toEqual([MESSAGE_TYPES.text, MESSAGE_TYPES.callSuccess]),
    );
  });

  it('deletes what an operator deleted for both sides, live: one message, or a person’s messages in a room', async () => {
    const owner = await h.user();
    const writer = await h.user();
    const room = await h.topicRoom(writer, h.voice(owner));
    const sent = async (who: typeof owner, data: string) => (await h.send(who, room, { data })).json().data as Message;
    const first = await sent(writer, '一通目');
    const reply = await sent(owner, '返事');
    const second = await sent(writer, '二通目');
    const third = await sent(writer, '三通目');
    const moderate = (payload: { message_ids: string[]; room_id: string | null; sender_ids: string[] }) =>
      h.infra.bus.publish(events.messagesModerated, {
        event_id: `del-${Math.random()}`,
        ...payload,
        at: h.clock.now().toISOString(),
      });
    const ids = async (who: typeof owner) =>
      ((await h.get(`/rooms/${room}/messages`, who)).json().data as Message[]).map((m) => m.id).sort();

    await moderate({ message_ids: [first.id], room_id: null, sender_ids: [] });
    await eventually(async () => expect(await ids(owner)).toEqual([reply.id, second.id, third.id].sort()));
    await moderate({ message_ids: [], room_id: room, sender_ids: [writer.userId] });
    await eventually(async () => expect(await ids(owner)).toEqual([reply.id]));
    expect(await ids(writer)).toEqual([reply.id]);
    await h.settle();
    for (const who of [owner, writer]) {
      const gone = h
        .eventsOf(who, CHAT_REALTIME_TYPES.messageDeleted)
        .flatMap((e) => (e.data as { room_id: string; ids: string[] }).ids);
      expect(gone.sort()).toEqual([first.id, second.id, third.id].sort());
    }
  });
});
