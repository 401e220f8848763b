import { infraModes, publishRestriction } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

// Issue 27: a muted person places no call until the mute ends; being called stays allowed.
describe.each(infraModes())('a mute enforced by calls ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode, { iceServers: [{ urls: ['turn:turn.example.test:3478'] }] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a muted caller with the end of the mute, still rings them, and lets them call after', async () => {
    const [muted, other] = [await h.user(), await h.user()];
    const room = await h.room(muted, { topic_id: h.voice(other), room_type_id: 4 });
    await publishRestriction(h.infra.bus, h.calls.ctx.db, {
      person_id: `person-${muted.userId}`,
      user_ids: [muted.userId],
      restriction: 'mute',
      until: new Date(h.clock.now().getTime() + 60_000),
      at: h.clock.now(),
    });
    const refused = await h.calls$('POST', `/rooms/${room}/calling`, muted, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/^現在、投稿・チャット・通話が制限されています（\d+月\d+日 \d\d:\d\dまで）$/);

    // The partner may still call the muted person, who may answer.
    const ringing = await h.calls$('POST', `/rooms/${room}/calling`, other, {});
    expect(ringing.statusCode, ringing.body).toBe(200);
    await h.stateOf(muted, 'receiving');
    const answered = await h.calls$('POST', `/rooms/${room}/callanswer`, muted, { action: 'refuse' });
    expect(answered.statusCode, answered.body).toBe(200);

    h.clock.advance(60_001);
    expect((await h.calls$('POST', `/rooms/${room}/calling`, muted, {})).statusCode).toBe(200);
  });
});
