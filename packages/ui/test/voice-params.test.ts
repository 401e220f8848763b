import { describe, expect, it } from 'vitest';

import { DEFAULT_VOICE_SETTINGS, NEUTRAL_VOICE_SETTINGS, voiceParams } from '../src/audio/voice-params.ts';

describe('voice changer settings', () => {
  it('leaves the voice untouched at neutral (50/50/0)', () => {
    expect(voiceParams(NEUTRAL_VOICE_SETTINGS)).toEqual({
      pitchRatio: 1,
      lowShelfDb: -0,
      highShelfDb: 0,
      ringDepth: 0,
      neutral: true,
    });
  });

  it('changes the voice at the defaults (30/50/40): lower pitch and a light growl', () => {
    const p = voiceParams(DEFAULT_VOICE_SETTINGS);
    expect(p.neutral).toBe(false);
    expect(p.pitchRatio).toBeCloseTo(2 ** (-4.8 / 12), 6);
    expect(p.ringDepth).toBeCloseTo(0.2, 6);
  });

  it('spans one octave each way and clamps what is out of range', () => {
    expect(voiceParams({ setting1: 0, setting2: 50, setting3: 0 }).pitchRatio).toBeCloseTo(0.5, 6);
    expect(voiceParams({ setting1: 100, setting2: 50, setting3: 0 }).pitchRatio).toBeCloseTo(2, 6);
    expect(voiceParams({ setting1: 500, setting2: -3, setting3: 900 })).toMatchObject({
      pitchRatio: 2,
      lowShelfDb: 9,
      highShelfDb: -9,
      ringDepth: 0.5,
    });
  });

  it('tilts the tone with 声の質 in opposite directions on the two shelves', () => {
    const bright = voiceParams({ setting1: 50, setting2: 100, setting3: 0 });
    expect(bright).toMatchObject({ lowShelfDb: -9, highShelfDb: 9, neutral: false });
  });
});
