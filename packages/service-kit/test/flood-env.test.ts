import { describe, expect, it } from 'vitest';

import { FLOOD_DEFAULTS, VOICE_FLOOD_DEFAULTS, floodLimits, voiceFloodLimits } from '../src/flood.ts';

// The flood limits' env (ADR 0028 for chat, ADR 0037 for voices): defaults, a number each, off.
describe('flood limits from the env', () => {
  it('are the defaults unless a number is given (0 turns one off), and none at FLOOD_LIMITS=off', () => {
    expect(floodLimits({})).toEqual(FLOOD_DEFAULTS);
    expect(voiceFloodLimits({})).toEqual(VOICE_FLOOD_DEFAULTS);
    expect(floodLimits({ FLOOD_ROOM_PER_MINUTE: 0, FLOOD_NEW_ACCOUNT_MINUTES: 30 })).toEqual({
      ...FLOOD_DEFAULTS,
      roomPerMinute: 0,
      newAccountMinutes: 30,
    });
    expect(voiceFloodLimits({ FLOOD_VOICES_PER_HOUR: 7, FLOOD_NEW_SAME_VOICE_TEXT: 0 })).toEqual({
      ...VOICE_FLOOD_DEFAULTS,
      perHour: 7,
      newSameText: 0,
    });
    expect(floodLimits({ FLOOD_LIMITS: 'off', FLOOD_ROOM_PER_MINUTE: 5 })).toBeUndefined();
    expect(voiceFloodLimits({ FLOOD_LIMITS: 'off' })).toBeUndefined();
  });
});
