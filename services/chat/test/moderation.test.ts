import { infraModes, publishRestriction } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from './harness.ts';

// Issue 27: a muted person sends nothing (over HTTP or the socket) until the mute ends; the
// other side still sends to them.
describe.each(infraModes())('a mute enforced by chat ($name)', (mode) => {
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
});
