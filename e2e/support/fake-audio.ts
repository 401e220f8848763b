import { writeFileSync } from 'node:fs';

import { FAKE_AUDIO_WAV } from '../playwright.calls.config.ts';

/** The fake microphone's voice: a steady 440 Hz tone (16-bit mono 48 kHz, Chromium loops it). */
export const FAKE_TONE_HZ = 440;

export default function globalSetup(): void {
  const rate = 48_000;
  const seconds = 2;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * FAKE_TONE_HZ * i) / rate) * 0.5 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(FAKE_AUDIO_WAV, Buffer.concat([header, data]));
}
