import { MARK_CORAL, sampleMark } from '@honne/mark';

/**
 * honne's mark (a coral speech bubble holding a white heart, as `Logo` in packages/ui draws it)
 * rasterised in code (its shapes in packages/mark) into a 32×32 `favicon.ico`, so no image file is
 * shipped or downloaded. Each pixel is 4×4 supersampled for smooth edges; the ICO holds one 32-bit BMP.
 */
const SIZE = 32;

/** BGRA pixels, top row first: coral where the bubble is, white where the heart is. */
function draw(): Uint8Array {
  const mark = sampleMark(SIZE, { samples: 4 });
  const px = new Uint8Array(SIZE * SIZE * 4);
  for (let p = 0; p < SIZE * SIZE; p++) {
    const bubble = mark.bubble[p]!;
    const white = bubble === 0 ? 0 : mark.heart[p]! / bubble;
    const mix = (c: number) => Math.round(c + (255 - c) * white);
    const i = p * 4;
    px[i] = mix(MARK_CORAL[2]);
    px[i + 1] = mix(MARK_CORAL[1]);
    px[i + 2] = mix(MARK_CORAL[0]);
    px[i + 3] = Math.round((bubble / mark.perPixel) * 255);
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
