import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { b64, webm } from '@honne/service-kit/testing-audio';

import { startHarness } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

describe.each(infraModes())('the greeting on the ring screen ($name)', (mode) => {
  let h: Harness;
  // Two services on shared infrastructure: start-up is slow on a busy 2-core machine.
  beforeAll(async () => {
    // A TURN server to relay through: without one an anonymous peer-to-peer call is refused (ADR 0021).
    h = await startHarness(mode, { iceServers: [{ urls: ['turn:turn.example.test:3478'] }] });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it("only the callee, and only while it rings, hears the caller's greeting", async () => {
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const bytes = webm(3000);
    const up = await h.calls$('PUT', '/users/audio_record', a, { audioRecord: b64(bytes), mime_type: 'audio/webm' });
    expect(up.statusCode, up.body).toBe(200);

    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 4 });
    // Nothing rings yet: nobody hears it.
    expect((await h.calls$('GET', `/rooms/${room}/greeting`, b)).statusCode).toBe(404);
    const placed = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(placed.statusCode, placed.body).toBe(200);
    await h.stateOf(b, 'receiving');

    const heard = await h.calls$('GET', `/rooms/${room}/greeting`, b);
    expect(heard.statusCode).toBe(200);
    const audio = heard.json().data as { mime_type: string; duration_ms: number; audio: string };
    expect(audio.mime_type).toBe('audio/webm');
    expect(Buffer.from(audio.audio.split(',')[1]!, 'base64').equals(Buffer.from(bytes))).toBe(true);
    // Not the caller, not an outsider.
    expect((await h.calls$('GET', `/rooms/${room}/greeting`, a)).statusCode).toBe(404);
    expect((await h.calls$('GET', `/rooms/${room}/greeting`, c)).statusCode).toBe(404);

    // Once answered, the ring screen is gone and so is access.
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    expect((await h.calls$('GET', `/rooms/${room}/greeting`, b)).statusCode).toBe(404);
  });

  it('plays no greeting for an anonymous caller: the callee gets what a caller without one gives', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const up = await h.calls$('PUT', '/users/audio_record', a, {
      audioRecord: b64(webm(3000)),
      mime_type: 'audio/webm',
    });
    expect(up.statusCode, up.body).toBe(200);
    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 4, is_anonymous: true });
    const placed = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ is_anonymous: true });
    await h.stateOf(b, 'receiving');
    const heard = await h.calls$('GET', `/rooms/${room}/greeting`, b);
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json().data).toBeNull();
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });
});
