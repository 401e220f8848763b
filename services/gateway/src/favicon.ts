/**
 * honne's mark (a coral speech bubble holding a white heart, as `Logo` in packages/ui draws it)
 * rasterised in code into a 32×32 `favicon.ico`, so no image file is shipped or downloaded.
 * Each pixel is 4×4 supersampled for smooth edges; the ICO holds one 32-bit BMP.
 */
const SIZE = 32;
const CORAL: readonly [number, number, number] = [0xc8, 0x5f, 0x49];

/** Inside the bubble: an ellipse with a small tail at the lower left (coordinates 0–1). */
function inBubble(x: number, y: number): boolean {
  const ex = (x - 0.5) / 0.44;
  const ey = (y - 0.44) / 0.36;
  if (ex * ex + ey * ey <= 1) return true;
  // The tail: a triangle from the ellipse's lower left down to (0.2, 0.9).
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

/** BGRA pixels, top row first. */
function draw(): Uint8Array {
  const px = new Uint8Array(SIZE * SIZE * 4);
  const n = 4;
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      let bubble = 0;
      let heart = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (col + (sx + 0.5) / n) / SIZE;
          const y = (row + (sy + 0.5) / n) / SIZE;
          if (inBubble(x, y)) {
            bubble++;
            if (inHeart(x, y)) heart++;
          }
        }
      }
      const i = (row * SIZE + col) * 4;
      const alpha = bubble / (n * n);
      const white = bubble === 0 ? 0 : heart / bubble;
      const mix = (c: number) => Math.round(c + (255 - c) * white);
      px[i] = mix(CORAL[2]);
      px[i + 1] = mix(CORAL[1]);
      px[i + 2] = mix(CORAL[0]);
      px[i + 3] = Math.round(alpha * 255);
    }
  }
  return px;
}

/** The ICO file: header, one directory entry, a BITMAPINFOHEADER, bottom-up BGRA, an empty AND mask. */
export function faviconIco(): Buffer {
  const pixels = draw();
  const maskRow = 4; // 32 bits per row, already 4-byte aligned
  const imageBytes = 40 + pixels.length + maskRow * SIZE;
  const out = Buffer.alloc(6 + 16 + imageBytes);
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(1, 2); // icon
  out.writeUInt16LE(1, 4); // one image
  out.writeUInt8(SIZE, 6);
  out.writeUInt8(SIZE, 7);
  out.writeUInt16LE(1, 10); // planes
  out.writeUInt16LE(32, 12); // bits per pixel
  out.writeUInt32LE(imageBytes, 14);
  out.writeUInt32LE(22, 18);
  let o = 22;
  out.writeUInt32LE(40, o);
  out.writeInt32LE(SIZE, o + 4);
  out.writeInt32LE(SIZE * 2, o + 8); // XOR + AND masks
  out.writeUInt16LE(1, o + 12);
  out.writeUInt16LE(32, o + 14);
  out.writeUInt32LE(pixels.length + maskRow * SIZE, o + 20);
  o += 40;
  for (let row = SIZE - 1; row >= 0; row--) {
    out.set(pixels.subarray(row * SIZE * 4, (row + 1) * SIZE * 4), o);
    o += SIZE * 4;
  }
  return out; // the AND mask stays zero: the alpha channel says what is transparent
}
