/**
 * Small but structurally real audio containers, built byte by byte, for the greeting checks of the
 * calls suites and the spec-table journey (one copy: @honne/service-kit/testing-audio):
 * WebM as Chrome's MediaRecorder writes it (no Duration, live-sized Segment and Clusters) and
 * Ogg Opus pages with granule positions. Payloads are filler: the server checks containers and
 * timestamps, not codec frames (a browser decodes those).
 */
const vint = (n: number): number[] => {
  // Sizes here stay below 2^28: four bytes at most.
  if (n < 0x7f) return [0x80 | n];
  if (n < 0x3fff) return [0x40 | (n >> 8), n & 0xff];
  if (n < 0x1fffff) return [0x20 | (n >> 16), (n >> 8) & 0xff, n & 0xff];
  return [0x10 | (n >> 24), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
};
const idBytes = (id: number): number[] => {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v & 0xff);
  return out;
};
const el = (id: number, body: number[]): number[] => [...idBytes(id), ...vint(body.length), ...body];
const uint = (v: number, size: number): number[] =>
  Array.from({ length: size }, (_, i) => (v >> (8 * (size - 1 - i))) & 0xff);
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

/** A WebM of `ms` milliseconds: one Opus audio track, 20 ms blocks in 1 s clusters. */
export function webm(ms: number, { audio = true } = {}): Uint8Array {
  const header = el(0x1a45dfa3, [...el(0x4282, [...Buffer.from('webm')])]);
  const info = el(0x1549a966, el(0x2ad7b1, uint(1_000_000, 3)));
  const tracks = el(
    0x1654ae6b,
    el(0xae, [...el(0xd7, [1]), ...el(0x83, [audio ? 2 : 1]), ...el(0x86, [...Buffer.from('A_OPUS')])]),
  );
  const clusters: number[] = [];
  for (let start = 0; start < ms; start += 1000) {
    const blocks: number[] = [];
    for (let t = 0; t < 1000 && start + t < ms; t += 20)
      blocks.push(...el(0xa3, [0x81, ...uint(t, 2), 0x80, 0xfc, 0xff, 0xfe]));
    clusters.push(0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN, ...el(0xe7, uint(start, 4)), ...blocks);
  }
  return new Uint8Array([...header, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...info, ...tracks, ...clusters]);
}

function oggPage(granule: bigint, serial: number, seq: number, body: number[], flags = 0): number[] {
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head[5] = flags;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(serial, 14);
  head.writeUInt32LE(seq, 18);
  const lacing: number[] = [];
  let left = body.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  head[26] = lacing.length;
  return [...head, ...lacing, ...body];
}

/** An Ogg Opus stream of `ms` milliseconds (pre-skip 312, one page per second). */
export function oggOpus(ms: number): Uint8Array {
  const opusHead = Buffer.alloc(19);
  opusHead.write('OpusHead', 0, 'latin1');
  opusHead[8] = 1;
  opusHead[9] = 1;
  opusHead.writeUInt16LE(312, 10);
  opusHead.writeUInt32LE(48_000, 12);
  const pages = [
    oggPage(0n, 7, 0, [...opusHead], 2),
    oggPage(0n, 7, 1, [...Buffer.from('OpusTags'), 0, 0, 0, 0, 0, 0, 0, 0]),
  ];
  for (let t = 1000, seq = 2; t - 1000 < ms; t += 1000, seq++) {
    const end = Math.min(t, ms);
    pages.push(oggPage(BigInt(312 + end * 48), 7, seq, Array(40).fill(0xfc)));
  }
  return new Uint8Array(pages.flat());
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
