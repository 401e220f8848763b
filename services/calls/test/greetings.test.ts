import { GREETING_MESSAGES } from '@honne/contracts/greetings';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { b64, oggOpus, webm } from '@honne/service-kit/testing-audio';

import { startCalls, type TestCalls } from './helpers.ts';

for (const mode of infraModes()) {
  describe(`greeting recorder API (${mode.name})`, () => {
    let calls: TestCalls;
    beforeAll(async () => {
      calls = await startCalls(mode);
    });
    afterAll(() => calls.close());

    const as = (user: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      calls.app.inject({ method, url, headers: calls.as(user), ...(payload ? { payload } : {}) });
    const put = (user: string, audioRecord: string, mime_type = 'audio/webm;codecs=opus') =>
      as(user, 'PUT', '/users/audio_record', { audioRecord, mime_type });
    const mine = (user: string) => as(user, 'GET', '/users/audio_record');

    it('has no greeting at first', async () => {
      const res = await mine('greeter-a');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toBeNull();
    });

    it('stores a real recording with the duration its container says, and plays it back', async () => {
      const bytes = webm(6000);
      const res = await put('greeter-a', `data:audio/webm;codecs=opus;base64,${b64(bytes)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ mime_type: 'audio/webm', duration_ms: 5980, size: bytes.length });
      const back = (await mine('greeter-a')).json().data;
      expect(back.mime_type).toBe('audio/webm');
      expect(Buffer.from(back.audio.split(',')[1], 'base64').equals(Buffer.from(bytes))).toBe(true);
    });

    it('replaces the greeting on a new upload, per user', async () => {
      expect((await put('greeter-a', b64(oggOpus(4000)), 'audio/ogg')).statusCode).toBe(200);
      expect((await mine('greeter-a')).json().data).toMatchObject({ mime_type: 'audio/ogg', duration_ms: 4000 });
      expect((await mine('greeter-b')).json().data).toBeNull();
    });

    it('refuses a recording over 20 s with the field error', async () => {
      const res = await put('greeter-a', b64(webm(24_000)));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'validation', errors: { audioRecord: GREETING_MESSAGES.tooLong } });
      expect((await mine('greeter-a')).json().data).toMatchObject({ duration_ms: 4000 });
    });

    it('refuses bytes that are not audio, and text that is not base64', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
      expect((await put('greeter-a', png)).json()).toMatchObject({
        errors: { audioRecord: GREETING_MESSAGES.notAudio },
      });
      expect((await put('greeter-a', '%%%not base64%%%')).statusCode).toBe(403);
    });

    it('refuses an empty recording with the spec message', async () => {
      const res = await put('greeter-a', '');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errors: { audioRecord: GREETING_MESSAGES.recordingMissing } });
    });

    it("never hands out another user's greeting outside a ringing call", async () => {
      const res = await as('greeter-b', 'GET', '/rooms/any-room/greeting');
      expect(res.statusCode).toBe(404);
    });

    it('deletes the greeting', async () => {
      const res = await as('greeter-a', 'DELETE', '/users/audio_record');
      expect(res.statusCode).toBe(200);
      expect((await mine('greeter-a')).json().data).toBeNull();
    });

    it('answers 401 without a signed-in caller', async () => {
      const res = await calls.app.inject({ method: 'GET', url: '/users/audio_record' });
      expect(res.statusCode).toBe(401);
    });
  });
}
