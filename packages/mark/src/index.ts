/**
 * honne's mark — a speech bubble holding a heart, as `Logo` in packages/ui draws it — as shapes on
 * the unit square, so every raster of it (the gateway's favicon.ico, the PWA's PNG icons in
 * frontends/build-kit) draws the same picture from one definition and no image file is shipped.
 */

/** The mark's colour (the middle of `Logo`'s gradient), as RGB. */
export const MARK_CORAL: readonly [number, number, number] = [0xc8, 0x5f, 0x49];

/** Inside the bubble: an ellipse with a small tail at the lower left (coordinates 0–1, y down). */
export function inBubble(x: number, y: number): boolean {
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
export function inHeart(x: number, y: number): boolean {
  const u = (x - 0.5) / 0.2;
  const v = -(y - 0.45) / 0.2 + 0.15;
  const a = u * u + v * v - 1;
  return a * a * a - u * u * v * v * v <= 0;
}

export interface MarkSamples {
  size: number;
  /** Sub-samples per pixel (`samples`²). */
  perPixel: number;
  /** Per pixel, top row first: how many sub-samples fell inside the bubble. */
  bubble: Uint8Array;
  /** Per pixel: how many of those also fell inside the heart (the heart lies within the bubble). */
  heart: Uint8Array;
}

/**
 * Samples the mark on a `size`×`size` grid, each pixel `samples`×`samples` times for smooth edges.
 * `scale` shrinks the mark about the centre (0.6 keeps it inside a maskable icon's safe zone).
 */
export function sampleMark(size: number, { samples, scale = 1 }: { samples: number; scale?: number }): MarkSamples {
  const bubble = new Uint8Array(size * size);
  const heart = new Uint8Array(size * size);
  const offset = (1 - scale) / 2;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const i = row * size + col;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((col + (sx + 0.5) / samples) / size - offset) / scale;
          const y = ((row + (sy + 0.5) / samples) / size - offset) / scale;
          if (x < 0 || x > 1 || y < 0 || y > 1 || !inBubble(x, y)) continue;
          bubble[i]!++;
          if (inHeart(x, y)) heart[i]!++;
        }
      }
    }
  }
  return { size, perPixel: samples * samples, bubble, heart };
}
