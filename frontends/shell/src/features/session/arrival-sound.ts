import { STORAGE_KEYS, type KeyValueStorage } from '@honne/api-client';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';

/** The message-sound setting of /settings (on unless switched off, spec §3: default on). */
export const messageSoundOn = (storage: KeyValueStorage) => storage.getItem(STORAGE_KEYS.messageSound) !== '0';

/** A message someone else sent me: the one event that rings. */
export function isIncomingMessage(event: RealtimeEvent): boolean {
  return dataOf(event, realtimeEvents.messageCreated)?.is_mine === false;
}

let context: AudioContext | null = null;
let lastPlayed = 0;

/**
 * A soft two-note chime, synthesised with WebAudio so nothing is downloaded. Messages arriving
 * in a burst ring once (within 1.5 s), so a fast conversation does not turn into noise.
 */
export function playArrivalChime(now = Date.now()): void {
  if (now - lastPlayed < 1500) return;
  if (typeof window === 'undefined' || !('AudioContext' in window)) return;
  lastPlayed = now;
  context ??= new AudioContext();
  const ctx = context;
  void ctx.resume();
  const t0 = ctx.currentTime + 0.02;
  for (const [freq, at] of [
    [880, 0],
    [1318.5, 0.12],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(freq, t0 + at);
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + 0.4);
  }
}
