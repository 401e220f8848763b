import {
  GREETING_DURATION_TOLERANCE_MS,
  GREETING_MAX_BYTES,
  GREETING_MAX_MS,
  GREETING_MESSAGES,
  GREETING_MIME_TYPES,
  type GreetingMimeType,
} from '@honne/contracts/greetings';

/**
 * What the server checks of an uploaded greeting before storing it: the bytes really are the
 * container they claim (WebM from Chrome/Firefox MediaRecorder, Ogg, MP4 from Safari), not larger
 * than the limit, and no longer than 20 s by the container's own timestamps — a client's word
 * about the duration is not taken. Pure: tested with hand-built files.
 */
export type GreetingCheck =
  { ok: true; mimeType: GreetingMimeType; durationMs: number } | { ok: false; message: string };

export function checkGreetingAudio(bytes: Uint8Array, declaredMime: string): GreetingCheck {
  if (bytes.length === 0) return { ok: false, message: GREETING_MESSAGES.recordingMissing };
  if (bytes.length > GREETING_MAX_BYTES) return { ok: false, message: GREETING_MESSAGES.tooLarge };
  const base = declaredMime.split(';')[0]!.trim().toLowerCase();
  const mimeType = GREETING_MIME_TYPES.find((m) => m === base);
  if (!mimeType) return { ok: false, message: GREETING_MESSAGES.notAudio };
  const durationMs =
    mimeType === 'audio/webm'
      ? webmDurationMs(bytes)
      : mimeType === 'audio/ogg'
        ? oggDurationMs(bytes)
        : mp4DurationMs(bytes);
  if (durationMs === null) return { ok: false, message: GREETING_MESSAGES.notAudio };
  if (durationMs > GREETING_MAX_MS + GREETING_DURATION_TOLERANCE_MS)
    return { ok: false, message: GREETING_MESSAGES.tooLong };
  return { ok: true, mimeType, durationMs: Math.min(durationMs, GREETING_MAX_MS) };
}

// ---- WebM (EBML) ---------------------------------------------------------------------------

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
};
/** Containers whose children we walk; everything else is skipped by its size. */
const MASTER = new Set([ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);

function readVint(
  b: Uint8Array,
  pos: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = b[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[pos + i]!;
    if (b[pos + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(b: Uint8Array, pos: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + b[pos + i]!;
  return v;
}

/**
 * MediaRecorder's WebM has no Duration element (it streams), so the length is read from the last
 * block: cluster timecode + the block's relative timecode, in TimecodeScale units (1 ms default).
 * An audio track must be present.
 */
export function webmDurationMs(b: Uint8Array): number | null {
  if (!EBML_MAGIC.every((v, i) => b[i] === v)) return null;
  let scaleNs = 1_000_000;
  let declared: number | null = null;
  let hasAudio = false;
  let clusterTime = 0;
  let last = -1;
  let pos = 0;
  while (pos < b.length) {
    const id = readVint(b, pos, true);
    if (!id) break;
    const size = readVint(b, pos + id.length, false);
    if (!size) break;
    const data = pos + id.length + size.length;
    if (MASTER.has(id.value)) {
      pos = data; // descend
      continue;
    }
    const end = size.unknown ? b.length : data + size.value;
    if (end > b.length && id.value !== ID.simpleBlock && id.value !== ID.block) break;
    switch (id.value) {
      case ID.timecodeScale:
        scaleNs = readUint(b, data, size.value);
        break;
      case ID.duration: {
        const view = new DataView(b.buffer, b.byteOffset + data, size.value);
        declared = size.value === 4 ? view.getFloat32(0) : size.value === 8 ? view.getFloat64(0) : null;
        break;
      }
      case ID.trackType:
        if (readUint(b, data, size.value) === 2) hasAudio = true;
        break;
      case ID.timecode:
        clusterTime = readUint(b, data, size.value);
        break;
      case ID.simpleBlock:
      case ID.block: {
        const track = readVint(b, data, false);
        if (track && data + track.length + 2 <= b.length) {
          const rel = new DataView(b.buffer, b.byteOffset + data + track.length, 2).getInt16(0);
          last = Math.max(last, clusterTime + rel);
        }
        break;
      }
    }
    pos = end;
  }
  if (!hasAudio || scaleNs <= 0) return null;
  const units = declared ?? (last >= 0 ? last : null);
  if (units === null) return null;
  return Math.round((units * scaleNs) / 1_000_000);
}

// ---- Ogg ------------------------------------------------------------------------------------

/** The last page's granule position over the codec's rate (Opus always counts at 48 kHz). */
export function oggDurationMs(b: Uint8Array): number | null {
  const isPage = (p: number) => b[p] === 0x4f && b[p + 1] === 0x67 && b[p + 2] === 0x67 && b[p + 3] === 0x53;
  if (!isPage(0)) return null;
  const head = new TextDecoder('latin1').decode(b.subarray(28, 36));
  const rate = head.startsWith('OpusHead') ? 48_000 : head.slice(1, 7) === 'vorbis' ? vorbisRate(b) : null;
  if (!rate) return null;
  let granule = -1;
  let p = 0;
  while (p + 27 <= b.length && isPage(p)) {
    const view = new DataView(b.buffer, b.byteOffset + p, 27);
    const g = Number(view.getBigInt64(6, true));
    if (g >= 0) granule = g;
    const segments = b[p + 26]!;
    let body = 0;
    for (let i = 0; i < segments; i++) body += b[p + 27 + i] ?? 0;
    p += 27 + segments + body;
  }
  if (granule < 0) return null;
  const preSkip = head.startsWith('OpusHead') ? new DataView(b.buffer, b.byteOffset + 38, 2).getUint16(0, true) : 0;
  return Math.round(((granule - preSkip) / rate) * 1000);
}

function vorbisRate(b: Uint8Array): number | null {
  const rate = new DataView(b.buffer, b.byteOffset + 28 + 12, 4).getUint32(0, true);
  return rate > 0 ? rate : null;
}

// ---- MP4 ------------------------------------------------------------------------------------

/**
 * Safari's MediaRecorder writes MP4: `ftyp`, then `moov` whose `mvhd` carries timescale and
 * duration. Fragmented files may leave duration 0; their fragments' total is then summed from
 * each `moof`'s `tfhd`/`trun` is beyond this check, so such a file counts by its size only
 * (capped by GREETING_MAX_BYTES) and its declared length is the 20 s limit.
 */
export function mp4DurationMs(b: Uint8Array): number | null {
  const type = (p: number) => new TextDecoder('latin1').decode(b.subarray(p + 4, p + 8));
  if (b.length < 8 || type(0) !== 'ftyp') return null;
  let p = 0;
  let sawMoov = false;
  while (p + 8 <= b.length) {
    const view = new DataView(b.buffer, b.byteOffset + p);
    const size = view.getUint32(0);
    const t = type(p);
    if (t === 'moov') {
      sawMoov = true;
      p += 8;
      continue;
    }
    if (t === 'mvhd') {
      const version = b[p + 8];
      const timescale = version === 1 ? view.getUint32(28) : view.getUint32(20);
      const duration = version === 1 ? Number(view.getBigUint64(32)) : view.getUint32(24);
      if (!timescale) return null;
      return duration ? Math.round((duration / timescale) * 1000) : GREETING_MAX_MS;
    }
    if (size < 8) break;
    p += size;
  }
  return sawMoov ? GREETING_MAX_MS : null;
}
