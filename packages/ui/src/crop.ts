/**
 * Square crop maths for the avatar cropper, in source pixels. The view shows the image "cover"
 * fitted into a square; `zoom` 1 means the crop is the largest square the image holds.
 */
export interface CropState {
  /** Centre of the crop square in source pixels. */
  cx: number;
  cy: number;
  zoom: number;
}

export interface CropRect {
  x: number;
  y: number;
  size: number;
}

/** The largest zoom that keeps the crop at least `minSide` source pixels (capped at `cap`). */
export const maxZoom = (width: number, height: number, minSide: number, cap = 4): number =>
  Math.max(1, Math.min(cap, Math.min(width, height) / minSide));

export const initialCrop = (width: number, height: number): CropState => ({ cx: width / 2, cy: height / 2, zoom: 1 });

/** The crop square for a state, kept inside the image, as whole pixels. */
export function cropRect(state: CropState, width: number, height: number, minSide = 1): CropRect {
  const base = Math.min(width, height);
  const size = Math.max(Math.min(base, minSide), Math.min(base, Math.round(base / Math.max(1, state.zoom))));
  const x = Math.round(clamp(state.cx - size / 2, 0, width - size));
  const y = Math.round(clamp(state.cy - size / 2, 0, height - size));
  return { x, y, size };
}

/** Keeps the centre where the square still fits, after a drag or a zoom. */
export function clampCrop(state: CropState, width: number, height: number, zoomCap: number): CropState {
  const zoom = clamp(state.zoom, 1, zoomCap);
  const half = Math.min(width, height) / zoom / 2;
  return { zoom, cx: clamp(state.cx, half, width - half), cy: clamp(state.cy, half, height - half) };
}

/** A drag of (dx, dy) view pixels moves the image with the finger, so the crop moves the other way. */
export function panCrop(state: CropState, dx: number, dy: number, viewSize: number, width: number, height: number) {
  const sourcePerViewPx = Math.min(width, height) / state.zoom / viewSize;
  return { ...state, cx: state.cx - dx * sourcePerViewPx, cy: state.cy - dy * sourcePerViewPx };
}

/** Scale factor and offset to draw the source so the crop square fills a view of `viewSize`. */
export function viewTransform(rect: CropRect, viewSize: number) {
  const scale = viewSize / rect.size;
  return { scale, left: -rect.x * scale, top: -rect.y * scale };
}

/**
 * Size to send an upload at: the longer side at most `maxSide` (spec §9: 1080), but never so
 * small that the shorter side drops under `minSide` (the server's 110 px rule).
 */
export function fitWithin(width: number, height: number, maxSide: number, minSide: number) {
  let scale = Math.min(1, maxSide / Math.max(width, height));
  const shorter = Math.min(width, height);
  if (shorter * scale < minSide) scale = Math.min(1, minSide / shorter);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

const clamp = (v: number, lo: number, hi: number) => (hi < lo ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));
