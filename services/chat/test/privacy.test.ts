import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { makeImage, startHarness, type Harness } from './harness.ts';

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
});
