/**
 * The sound-effect set (3 tabs × 8), synthesised with WebAudio so nothing is downloaded. Each
 * recipe schedules oscillators and filtered noise on one AudioContext.
 */
type Recipe = (a: Synth) => void;

interface Synth {
  tone(freq: number, at: number, dur: number, type?: OscillatorType, gain?: number, to?: number): void;
  noise(at: number, dur: number, filter: number, gain?: number, q?: number): void;
}

const NOTE = (n: number) => 440 * 2 ** ((n - 69) / 12);
const melody =
  (notes: number[], step: number, type: OscillatorType = 'triangle', len = step * 0.9): Recipe =>
  (a) =>
    notes.forEach((n, i) => n > 0 && a.tone(NOTE(n), i * step, len, type, 0.25));

export interface SoundItem {
  name: string;
  play: Recipe;
}

export const SOUND_TABS: readonly (readonly SoundItem[])[] = [
  // 効果音
  [
    {
      name: '拍手',
      play: (a) => {
        for (let i = 0; i < 14; i++) a.noise(i * 0.07 + Math.random() * 0.03, 0.05, 1800, 0.5, 0.8);
      },
    },
    { name: 'ファンファーレ', play: melody([67, 67, 67, 72, 0, 67, 72], 0.12, 'sawtooth', 0.14) },
    {
      name: 'ドラムロール',
      play: (a) => {
        for (let i = 0; i < 20; i++) a.noise(i * 0.045, 0.04, 900, 0.3 + i * 0.02, 1);
        a.noise(0.95, 0.4, 3000, 0.6, 0.5);
      },
    },
    { name: 'チャイム', play: melody([76, 72, 74, 67, 0, 67, 74, 76, 72], 0.28, 'sine', 0.5) },
    { name: 'ブザー', play: (a) => a.tone(140, 0, 0.6, 'square', 0.18) },
    {
      name: 'ピンポン',
      play: (a) => {
        a.tone(NOTE(76), 0, 0.35, 'sine', 0.35);
        a.tone(NOTE(72), 0.32, 0.6, 'sine', 0.35);
      },
    },
    { name: 'キラキラ', play: melody([84, 88, 91, 96, 91, 96, 100], 0.06, 'sine', 0.2) },
    { name: 'ポン', play: (a) => a.tone(600, 0, 0.15, 'sine', 0.5, 180) },
  ],
  // 演奏
  [
    { name: 'ドレミ', play: melody([60, 62, 64, 65, 67, 69, 71, 72], 0.15) },
    { name: 'きらきら星', play: melody([60, 60, 67, 67, 69, 69, 67], 0.25) },
    { name: 'ハッピー', play: melody([67, 67, 69, 67, 72, 71], 0.2, 'square', 0.16) },
    { name: 'アルペジオ', play: melody([60, 64, 67, 72, 76, 79, 84], 0.09, 'triangle', 0.3) },
    {
      name: '和音',
      play: (a) => [60, 64, 67, 72].forEach((n) => a.tone(NOTE(n), 0, 1.2, 'triangle', 0.15)),
    },
    { name: 'ベル', play: (a) => [0, 0.4].forEach((t) => a.tone(NOTE(84), t, 0.8, 'sine', 0.3)) },
    { name: 'オルガン', play: melody([65, 69, 72, 77], 0.3, 'square', 0.3) },
    { name: 'ハープ', play: melody([72, 71, 69, 67, 65, 64, 62, 60], 0.07, 'sine', 0.5) },
  ],
  // その他
  [
    { name: '笑い', play: (a) => [0, 0.15, 0.3, 0.45].forEach((t) => a.tone(520, t, 0.1, 'sawtooth', 0.15, 380)) },
    { name: 'びっくり', play: (a) => a.tone(300, 0, 0.35, 'square', 0.15, 1200) },
    { name: 'ため息', play: (a) => a.noise(0, 0.9, 600, 0.4, 0.6) },
    { name: '口笛', play: (a) => a.tone(1200, 0, 0.6, 'sine', 0.25, 2000) },
    { name: '鈴', play: (a) => [0, 0.08, 0.16].forEach((t) => a.tone(2600, t, 0.25, 'sine', 0.2)) },
    {
      name: '太鼓',
      play: (a) => {
        a.tone(120, 0, 0.4, 'sine', 0.8, 50);
        a.tone(120, 0.35, 0.4, 'sine', 0.8, 50);
      },
    },
    { name: '波', play: (a) => a.noise(0, 1.6, 500, 0.5, 0.3) },
    { name: 'ジャジャーン', play: (a) => [48, 55, 60, 64].forEach((n) => a.tone(NOTE(n), 0, 1.0, 'sawtooth', 0.1)) },
  ],
];

export const soundName = (tab: number, item: number) => SOUND_TABS[tab]?.[item]?.name ?? '';

let shared: AudioContext | null = null;

/** Plays one sound effect here (tap on the trumpet screen or on a sound message). */
export function playSound(tab: number, item: number): void {
  const recipe = SOUND_TABS[tab]?.[item];
  if (!recipe || typeof window === 'undefined' || !('AudioContext' in window)) return;
  shared ??= new AudioContext();
  const ctx = shared;
  void ctx.resume();
  const t0 = ctx.currentTime + 0.02;
  const out = ctx.createGain();
  out.gain.value = 0.8;
  out.connect(ctx.destination);
  const synth: Synth = {
    tone(freq, at, dur, type = 'sine', gain = 0.3, to) {
      const osc = ctx.createOscillator();
      const g = ctx.createGain();
      osc.type = type;
      osc.frequency.setValueAtTime(freq, t0 + at);
      if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + at + dur);
      g.gain.setValueAtTime(0.0001, t0 + at);
      g.gain.exponentialRampToValueAtTime(gain, t0 + at + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + dur);
      osc.connect(g).connect(out);
      osc.start(t0 + at);
      osc.stop(t0 + at + dur + 0.05);
    },
    noise(at, dur, filter, gain = 0.4, q = 1) {
      const frames = Math.max(1, Math.floor(ctx.sampleRate * dur));
      const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
      const src = ctx.createBufferSource();
      src.buffer = buffer;
      const f = ctx.createBiquadFilter();
      f.type = 'bandpass';
      f.frequency.value = filter;
      f.Q.value = q;
      const g = ctx.createGain();
      g.gain.setValueAtTime(gain, t0 + at);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + dur);
      src.connect(f).connect(g).connect(out);
      src.start(t0 + at);
      src.stop(t0 + at + dur + 0.05);
    },
  };
  recipe.play(synth);
}
