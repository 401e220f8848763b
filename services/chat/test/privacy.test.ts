import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeImage, startHarness, type Harness, type Person } from './harness.ts';

// Issue 11: a block refuses every interaction, not only messages; a gated voice opens no room.
describe.each(infraModes())('rooms across blocks and gates ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  it('opens no room on the voice of someone a block stands between, either way', async () => {
    const owner = await h.user();
    const replier = await h.user();
    await h.block(owner, replier);
    for (const [who, voiceOf] of [
      [replier, owner],
      [owner, replier],
    ] as const) {
      const res = await h.post('/rooms', { topic_id: h.voice(voiceOf), room_type_id: 2, is_anonymous: true }, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(messages.voiceGone);
    }
    expect(h.seen.opened.filter((o) => o.user_id === replier.userId || o.user_id === owner.userId)).toEqual([]);
  });

  it('does not reopen a room made before the block, nor take uploads into it', async () => {
    const owner = await h.user();
    const replier = await h.user();
    const topic = h.voice(owner);
    const room = await h.topicRoom(replier, topic);
    const png = (await makeImage(20, 20)).toString('base64');
    expect((await h.post('/messages/signedFileUrl', { room_id: room, data: png }, replier)).statusCode).toBe(200);
    await h.block(owner, replier);
    const again = await h.post('/rooms', { topic_id: topic, room_type_id: 2, is_anonymous: false }, replier);
    expect(again.statusCode).toBe(404);
    for (const who of [replier, owner]) {
      expect((await h.post('/messages/signedFileUrl', { room_id: room, data: png }, who)).statusCode).toBe(403);
    }
  });

  it('opens no room on a voice topics would not show the opener (a gate they have not unlocked)', async () => {
    const owner = await h.user();
    const outsider = await h.user();
    const topic = h.voice(owner);
    h.hideVoice(topic, outsider);
    const res = await h.post('/rooms', { topic_id: topic, room_type_id: 2, is_anonymous: false }, outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(messages.voiceGone);
    // Someone who may see it still can.
    expect((await h.post('/rooms', { topic_id: topic, room_type_id: 2 }, await h.user())).statusCode).toBe(200);
  });

  /** What the owner can see of a room: the room view and its messages, timestamps aside. */
  async function seenBy(who: Person, room: string) {
    const view = (await h.get(`/rooms/${room}`, who)).json().data as Record<string, unknown>;
    const msgs = (await h.get(`/rooms/${room}/messages`, who)).json().data as { data: string; status: string }[];
    const unread = (await h.get('/rooms/unread', who)).json().data as { total: number };
    return {
      view: { ...view, updated_at: undefined, created_at: undefined },
      messages: msgs.map((m) => [m.data, m.status]),
      unread: unread.total,
    };
  }

  it('leaves a room with an anonymous side as it is whoever is blocked or befriended by name (ADR 0020)', async () => {
    const [owner, hidden, other] = [await h.user(), await h.user(), await h.user()];
    const room = await h.topicRoom(hidden, h.voice(owner), { is_anonymous: true });
    expect((await h.send(hidden, room, { data: 'まえ' })).statusCode).toBe(200);
    const before = await seenBy(owner, room);
    expect(before.messages).toEqual([['まえ', 'received']]);

    // Befriending or blocking a suspect by name: the same room, whether the suspect is the partner.
    for (const suspect of [other, hidden]) {
      await h.befriend(owner, suspect);
      expect(await seenBy(owner, room)).toEqual(before);
      await h.block(owner, suspect);
      expect(await seenBy(owner, room)).toEqual(before);
    }
    // And the anonymous side's messages still arrive, as from anyone (not refused).
    const after = await h.send(hidden, room, { data: 'あと' });
    expect(after.json().data).toMatchObject({ status: 'sent_success' });
    // The blocked named side, likewise, sees nothing change on an anonymous voice's room.
    const anonVoice = h.voice(hidden, { is_anonymous: true });
    const theirs = await h.topicRoom(owner, anonVoice);
    expect((await h.send(owner, theirs, { data: 'とどく' })).json().data).toMatchObject({ status: 'sent_success' });
    const reopened = await h.post('/rooms', { topic_id: anonVoice, room_type_id: 2 }, owner);
    expect(reopened.statusCode, reopened.body).toBe(200);
  });

  it('blocks an anonymous partner from inside the room: refused there, and only there, until unblocked', async () => {
    const [owner, hidden] = [await h.user(), await h.user()];
    const room = await h.topicRoom(hidden, h.voice(owner), { is_anonymous: true });
    expect((await h.send(hidden, room, { data: 'ひとつめ' })).statusCode).toBe(200);
    const blocked = await h.post(`/rooms/${room}/block`, {}, owner);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ partner_blocked: true });
    // The partner's view says nothing of it.
    expect((await h.get(`/rooms/${room}`, hidden)).json().data).toMatchObject({ partner_blocked: false });
    // Their messages are refused and hidden; uploads into the room too.
    expect((await h.send(hidden, room, { data: 'ふたつめ' })).json().data).toMatchObject({ status: 'refused' });
    expect((await seenBy(owner, room)).messages).toEqual([]);
    const png = (await makeImage(20, 20)).toString('base64');
    expect((await h.post('/messages/signedFileUrl', { room_id: room, data: png }, hidden)).statusCode).toBe(403);
    // Another room of the same two people is untouched: the block is this room's.
    const second = await h.topicRoom(hidden, h.voice(owner));
    expect((await h.send(hidden, second, { data: 'べつ' })).json().data).toMatchObject({ status: 'sent_success' });

    const unblocked = await h.post(`/rooms/${room}/unblock`, {}, owner);
    expect(unblocked.json().data).toMatchObject({ partner_blocked: false });
    expect((await h.send(hidden, room, { data: 'みっつめ' })).json().data).toMatchObject({ status: 'sent_success' });
    // Someone outside the room cannot block in it.
    expect((await h.post(`/rooms/${room}/block`, {}, await h.user())).statusCode).toBe(404);
  });

  it('does not let a voice’s owner find an anonymous replier’s room by their id: as for anyone else', async () => {
    const [owner, hidden, other] = [await h.user(), await h.user(), await h.user()];
    const voice = h.voice(owner);
    const room = await h.topicRoom(hidden, voice, { is_anonymous: true });
    const byId = async (who: Person) => {
      const res = await h.post('/rooms', { topic_id: voice, room_type_id: 2, user_id: who.userId }, owner);
      return { status: res.statusCode, body: res.json() as unknown };
    };
    expect(await byId(hidden)).toEqual(await byId(other));
    expect((await byId(hidden)).status).toBe(403);
    // By its room id, as the reply list gives it, the owner reopens it.
    expect((await h.post('/rooms', { room_id: room, room_type_id: 2 }, owner)).statusCode).toBe(200);
  });
});
