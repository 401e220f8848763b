/**
 * The ringtone and the anonymous start tone, made in code with Web Audio (nothing to download,
 * like the sound effects in src/lib/sounds.ts). Each returns a stop function.
 */

/** call_volume (0–100) as a linear gain; the curve is squared so the low half stays usable. */
export const volumeGain = (callVolume: number): number => {
  const v = Math.min(100, Math.max(0, Number.isFinite(callVolume) ? callVolume : 100)) / 100;
  return v * v;
};

/** One ring: two alternating tones for 1 s, then 2 s of quiet (a Japanese phone's rhythm). */
const RING_PERIOD_S = 3;

/**
 * Closes once: closing a closed context rejects with InvalidStateError, which surfaced as an
 * uncaught error when the start tone's own timer had closed it before the call ended (walk #42).
 */
export function closeContext(ctx: AudioContext): void {
  if (ctx.state !== 'closed') void ctx.close().catch(() => undefined);
}

function context(): AudioContext | null {
  const Ctor = globalThis.AudioContext as typeof AudioContext | undefined;
  return Ctor ? new Ctor() : null;
}

/** Loops the ringtone until stopped; silent when the ringtone setting is off or the volume is 0. */
export function playRingtone(opts: { enabled: boolean; callVolume: number }): () => void {
  const gain = volumeGain(opts.callVolume);
  if (!opts.enabled || gain === 0) return () => undefined;
  const ctx = context();
  if (!ctx) return () => undefined;
  const master = new GainNode(ctx, { gain: gain * 0.25 });
  master.connect(ctx.destination);
  let next = ctx.currentTime + 0.05;
  const schedule = () => {
    // Keep two rings queued ahead of the clock.
    while (next < ctx.currentTime + RING_PERIOD_S * 2) {
      for (let i = 0; i < 10; i++) {
        const osc = new OscillatorNode(ctx, { type: 'sine', frequency: i % 2 ? 1100 : 880 });
        const env = new GainNode(ctx, { gain: 0 });
        const t = next + i * 0.1;
        env.gain.setValueAtTime(0, t);
        env.gain.linearRampToValueAtTime(1, t + 0.01);
        env.gain.setValueAtTime(1, t + 0.09);
        env.gain.linearRampToValueAtTime(0, t + 0.1);
        osc.connect(env).connect(master);
        osc.start(t);
        osc.stop(t + 0.1);
      }
      next += RING_PERIOD_S;
    }
  };
  schedule();
  const timer = setInterval(schedule, 1000);
  return () => {
    clearInterval(timer);
    closeContext(ctx);
  };
}

/** Spec §9: the anonymous start tone lasts 7 s — a soft rising chime repeated, then silence. */
export const START_TONE_MS = 7000;

export function playStartTone(opts: { callVolume: number }): () => void {
  const gain = volumeGain(opts.callVolume);
  const ctx = gain > 0 ? context() : null;
  if (!ctx) return () => undefined;
  const master = new GainNode(ctx, { gain: gain * 0.2 });
  master.connect(ctx.destination);
  const t0 = ctx.currentTime + 0.05;
  for (let k = 0; k < 7; k++) {
    [523.25, 659.25, 783.99].forEach((f, i) => {
      const t = t0 + k + i * 0.15;
      const osc = new OscillatorNode(ctx, { type: 'triangle', frequency: f });
      const env = new GainNode(ctx, { gain: 0 });
      env.gain.setValueAtTime(0, t);
      env.gain.linearRampToValueAtTime(1, t + 0.02);
      env.gain.exponentialRampToValueAtTime(0.001, t + 0.5);
      osc.connect(env).connect(master);
      osc.start(t);
      osc.stop(t + 0.5);
    });
  }
  const timer = setTimeout(() => closeContext(ctx), START_TONE_MS);
  return () => {
    clearTimeout(timer);
    closeContext(ctx);
  };
}
