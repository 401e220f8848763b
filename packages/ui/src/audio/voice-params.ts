/**
 * The three voice sliders of onboarding/settings (spec accounts-profile-friends §2: 声の高さ, 声の質,
 * エフェクトの強さ; defaults 30/50/40) turned into the numbers the Web Audio graph uses. Pure, so the
 * mapping is tested without a browser.
 *
 * - 声の高さ (setting1): pitch shift, 50 = none, 0 = one octave down, 100 = one octave up.
 * - 声の質 (setting2): tone tilt, 50 = flat; below darkens (low shelf up, high shelf down), above brightens.
 * - エフェクトの強さ (setting3): depth of a low ring modulation that roughens the voice, 0 = none.
 *
 * Neutral is 50/50/0: the graph is then bypassed altogether and the microphone track is sent as is.
 */
export interface VoiceSettings {
  setting1: number;
  setting2: number;
  setting3: number;
}

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = { setting1: 30, setting2: 50, setting3: 40 };
export const NEUTRAL_VOICE_SETTINGS: VoiceSettings = { setting1: 50, setting2: 50, setting3: 0 };

/** ±12 semitones over the slider's half range. */
export const MAX_SEMITONES = 12;
/** ±9 dB on each shelf at the slider's ends. */
export const MAX_TILT_DB = 9;
/** At full strength the ring modulation takes half of the signal. */
export const MAX_RING_DEPTH = 0.5;
/** A growl below the voice's fundamental, not a second audible tone. */
export const RING_HZ = 40;

export interface VoiceParams {
  /** Playback-rate ratio of the pitch shifter (1 = unchanged). */
  pitchRatio: number;
  lowShelfDb: number;
  highShelfDb: number;
  ringDepth: number;
  /** True when nothing would change: the caller skips the graph. */
  neutral: boolean;
}

const clamp = (v: number) => (Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 50);

export function voiceParams(settings: VoiceSettings): VoiceParams {
  const s1 = clamp(settings.setting1);
  const s2 = clamp(settings.setting2);
  const s3 = Number.isFinite(settings.setting3) ? Math.min(100, Math.max(0, settings.setting3)) : 0;
  const semitones = ((s1 - 50) / 50) * MAX_SEMITONES;
  const tilt = ((s2 - 50) / 50) * MAX_TILT_DB;
  const ringDepth = (s3 / 100) * MAX_RING_DEPTH;
  return {
    pitchRatio: 2 ** (semitones / 12),
    lowShelfDb: -tilt,
    highShelfDb: tilt,
    ringDepth,
    neutral: s1 === 50 && s2 === 50 && ringDepth === 0,
  };
}
