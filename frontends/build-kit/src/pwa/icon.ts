import { crc32, deflateSync } from 'node:zlib';

import { MARK_CORAL, sampleMark } from '@honne/mark';

/**
 * honne's app icon drawn in code (no image file is shipped or downloaded): the mark of `Logo` in
 * packages/ui and the gateway's favicon (shapes in packages/mark) — a speech bubble holding a heart — in white with a coral
 * heart on a full-bleed coral square. The mark sits inside the central 60 %, so the same picture
 * is a valid maskable icon (the platform may cut everything outside the middle 80 %).
 */
const WHITE: readonly [number, number, number] = [0xff, 0xff, 0xff];

/** RGBA pixels, top row first; each pixel 3×3 supersampled for smooth edges. */
export function drawIcon(size: number): Uint8Array {
  const mark = sampleMark(size, { samples: 3, scale: 0.6 });
  const px = new Uint8Array(size * size * 4);
  for (let p = 0; p < size * size; p++) {
    // Coral background, white bubble, coral heart inside it.
    const white = (mark.bubble[p]! - mark.heart[p]!) / mark.perPixel;
    const i = p * 4;
    for (let c = 0; c < 3; c++) px[i + c] = Math.round(MARK_CORAL[c]! + (WHITE[c]! - MARK_CORAL[c]!) * white);
    px[i + 3] = 255;
  }
  return px;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file (8-bit RGBA, no interlace) of the icon at `size`×`size`. */
export function iconPng(size: number): Buffer {
  const pixels = drawIcon(size);
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let row = 0; row < size; row++) {
    raw[row * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(pixels.buffer, row * size * 4, size * 4).copy(raw, row * (size * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
