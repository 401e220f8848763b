import { CHAT_REALTIME_TYPES, type Message } from '@honne/contracts/chat';
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
