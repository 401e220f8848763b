import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { FLOOD_DEFAULTS } from '@honne/service-kit';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { startHarness } from './harness.ts';

// Flood limits on sends (ADR 0028), with small numbers so a test reaches them: per person per room
// per minute, one text to many rooms, and stricter numbers in an account's first hour.
describe.each(infraModes())('flood limits on messages ($name)', (mode) => {
  const suite = harnessForSuite(() =>
    startHarness(mode, {
      flood: {
        ...FLOOD_DEFAULTS,
        roomPerMinute: 5,
        newRoomPerMinute: 2,
        sameTextRooms: 2,
        newSameTextRooms: 1,
      },
    }),
  );

  it('refuses the sixth message in a room within a minute with 429 and a Japanese message; other rooms go on', async () => {
    const { h } = suite;
    const a = await h.user();
    const b = await h.user();
    const room = await h.topicRoom(b, await h.voice(a));
    const other = await h.topicRoom(b, await h.voice(await h.user()));
    for (let i = 0; i < 5; i++) expect((await h.send(b, room, { data: `話${i}` })).statusCode).toBe(200);
    const refused = await h.send(b, room, { data: 'もう一つ' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, error: messages.floodRoom, code: 'flood_room', data: null });
    // Nothing of it was stored: the partner's list has the five only.
    const list = await h.get(`/rooms/${room}/messages`, a);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('話4');
    expect(JSON.stringify(list.json())).not.toContain('もう一つ');
    expect((await h.send(b, other, { data: '別の部屋' })).statusCode).toBe(200);
    // The partner counts on their own.
    expect((await h.send(a, room, { data: 'こちらから' })).statusCode).toBe(200);
  });

  it('refuses one text sent to a third room, evasions folded; short greetings are not compared', async () => {
    const { h } = suite;
    const spammer = await h.user();
    const rooms: string[] = [];
    for (let i = 0; i < 3; i++) rooms.push(await h.topicRoom(spammer, await h.voice(await h.user())));
    const ad = 'お得な情報はこちらのサイトで';
    expect((await h.send(spammer, rooms[0]!, { data: ad })).statusCode).toBe(200);
    expect((await h.send(spammer, rooms[1]!, { data: ad.replace('サイト', 'ｻｲﾄ') })).statusCode).toBe(200);
    const third = await h.send(spammer, rooms[2]!, { data: ad });
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(messages.floodSameText);
    for (const room of rooms) expect((await h.send(spammer, room, { data: 'よろしく' })).statusCode).toBe(200);
  });

  it("holds a new account (accounts' user.registered) to the stricter numbers for its first hour", async () => {
    const { h } = suite;
    const owner = await h.user();
    const newcomer = await h.user();
    const established = await h.user();
    await h.publish(
      events.userRegistered,
      { user_id: newcomer.userId, email_id: newcomer.userId, registered_at: h.clock.now().toISOString() },
      async () => (await h.infra.cache.get(`flood:new:${newcomer.userId}`)) !== null,
    );
    const newRoom = await h.topicRoom(newcomer, await h.voice(owner));
    const oldRoom = await h.topicRoom(established, await h.voice(owner));
    for (let i = 0; i < 2; i++) expect((await h.send(newcomer, newRoom, { data: `新${i}` })).statusCode).toBe(200);
    expect((await h.send(newcomer, newRoom, { data: '新2' })).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) expect((await h.send(established, oldRoom, { data: `古${i}` })).statusCode).toBe(200);

    // Registered more than an hour ago (a redelivered event): no mark.
    const old = await h.user();
    await h.publish(
      events.userRegistered,
      {
        user_id: old.userId,
        email_id: old.userId,
        registered_at: new Date(h.clock.now().getTime() - 2 * 3_600_000).toISOString(),
      },
      async () => true,
    );
    await h.settle();
    expect(await h.infra.cache.get(`flood:new:${old.userId}`)).toBeNull();
  });
});
