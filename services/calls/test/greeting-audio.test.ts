import { GREETING_MAX_BYTES, GREETING_MESSAGES } from '@honne/contracts/greetings';
import { describe, expect, it } from 'vitest';

import { oggOpus, webm } from '@honne/service-kit/testing-audio';

import { checkGreetingAudio, oggDurationMs, webmDurationMs } from '../src/domain/greeting-audio.ts';

describe('greeting audio check', () => {
  it('reads a MediaRecorder-style WebM length from its last block', () => {
    expect(webmDurationMs(webm(5000))).toBe(4980);
    expect(checkGreetingAudio(webm(12_000), 'audio/webm;codecs=opus')).toEqual({
      ok: true,
      mimeType: 'audio/webm',
      durationMs: 11_980,
    });
  });

  it('reads an Ogg Opus length from the last granule position', () => {
    expect(oggDurationMs(oggOpus(7000))).toBe(7000);
    expect(checkGreetingAudio(oggOpus(3000), 'audio/ogg')).toMatchObject({ ok: true, durationMs: 3000 });
  });

  it('refuses recordings over 20 s, by the container not the client', () => {
    expect(checkGreetingAudio(webm(25_000), 'audio/webm')).toEqual({ ok: false, message: GREETING_MESSAGES.tooLong });
    expect(checkGreetingAudio(oggOpus(21_000), 'audio/ogg')).toEqual({ ok: false, message: GREETING_MESSAGES.tooLong });
  });

  it('refuses what is not audio of the claimed type', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(checkGreetingAudio(png, 'audio/webm')).toEqual({ ok: false, message: GREETING_MESSAGES.notAudio });
    expect(checkGreetingAudio(webm(2000), 'audio/ogg')).toEqual({ ok: false, message: GREETING_MESSAGES.notAudio });
    expect(checkGreetingAudio(webm(2000), 'audio/wav')).toEqual({ ok: false, message: GREETING_MESSAGES.notAudio });
    // A WebM with only a video track is not a voice greeting.
    expect(checkGreetingAudio(webm(2000, { audio: false }), 'audio/webm')).toEqual({
      ok: false,
      message: GREETING_MESSAGES.notAudio,
    });
  });

  it('refuses empty and oversized uploads', () => {
    expect(checkGreetingAudio(new Uint8Array(), 'audio/webm')).toEqual({
      ok: false,
      message: GREETING_MESSAGES.recordingMissing,
    });
    const big = new Uint8Array(GREETING_MAX_BYTES + 1);
    big.set(webm(1000));
    expect(checkGreetingAudio(big, 'audio/webm')).toEqual({ ok: false, message: GREETING_MESSAGES.tooLarge });
  });
});
