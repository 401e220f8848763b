import { crc32, deflateSync } from 'node:zlib';

/**
 * honne's app icon drawn in code (no image file is shipped or downloaded): the mark of `Logo` in
 * packages/ui and the gateway's favicon — a speech bubble holding a heart — in white with a coral
 * heart on a full-bleed coral square. The mark sits inside the central 60 %, so the same picture
 * is a valid maskable icon (the platform may cut everything outside the middle 80 %).
 */
export const CORAL: readonly [number, number, number] = [0xc8, 0x5f, 0x49];
const WHITE: readonly [number, number, number] = [0xff, 0xff, 0xff];

/** Inside the bubble: an ellipse with a small tail at the lower left (coordinates 0–1). */
function inBubble(x: number, y: number): boolean {
  const ex = (x - 0.5) / 0.44;
  const ey = (y - 0.44) / 0.36;
  if (ex * ex + ey * ey <= 1) return true;
  const [ax, ay, bx, by, cx, cy] = [0.22, 0.62, 0.42, 0.74, 0.2, 0.9];
  const d = (px: number, py: number, qx: number, qy: number) => (x - qx) * (py - qy) - (px - qx) * (y - qy);
  const d1 = d(ax, ay, bx, by);
  const d2 = d(bx, by, cx, cy);
  const d3 = d(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** Inside the heart: (u² + v² − 1)³ − u²v³ ≤ 0, centred in the bubble. */
function inHeart(x: number, y: number): boolean {
  const u = (x - 0.5) / 0.2;
  const v = -(y - 0.45) / 0.2 + 0.15;
  const a = u * u + v * v - 1;
  return a * a * a - u * u * v * v * v <= 0;
}

/** RGBA pixels, top row first; each pixel 3×3 supersampled for smooth edges. */
export function drawIcon(size: number): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const n = 3;
  const scale = 0.6;
  const offset = (1 - scale) / 2;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let bubble = 0;
      let heart = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = ((col + (sx + 0.5) / n) / size - offset) / scale;
          const y = ((row + (sy + 0.5) / n) / size - offset) / scale;
          if (x < 0 || x > 1 || y < 0 || y > 1 || !inBubble(x, y)) continue;
          bubble++;
          if (inHeart(x, y)) heart++;
        }
      }
      // Coral background, white bubble, coral heart inside it.
      const white = (bubble - heart) / (n * n);
      const i = (row * size + col) * 4;
      for (let c = 0; c < 3; c++) px[i + c] = Math.round(CORAL[c]! + (WHITE[c]! - CORAL[c]!) * white);
      px[i + 3] = 255;
    }
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
