import { PROFILE_LIMITS } from '@honne/contracts/profile';
import { fitWithin } from '@honne/ui';

/** Spec §9: images are sent at most 1080×1080, JPEG quality 80. */
export const UPLOAD_MAX_SIDE = 1080;
export const UPLOAD_QUALITY = 0.8;
/** Spec §5: png, jpg, jpeg, or an empty type (some pickers give none). */
export const ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export interface PreparedImage {
  dataUrl: string;
  width: number;
  height: number;
}

export type ImageProblem = 'type' | 'too_small';

export const isAcceptedType = (file: { type: string; name: string }) =>
  file.type === ''
    ? /\.(png|jpe?g)$/i.test(file.name) || !file.name.includes('.')
    : /^image\/(png|jpeg)$/.test(file.type);

export const isLargeEnough = (width: number, height: number) =>
  width >= PROFILE_LIMITS.avatarMinSide && height >= PROFILE_LIMITS.avatarMinSide;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image decode failed'));
    img.src = src;
  });
}

/** Draws a source into a JPEG data URL within the upload limits (white under transparency). */
export function toJpeg(source: CanvasImageSource, width: number, height: number): PreparedImage {
  const size = fitWithin(width, height, UPLOAD_MAX_SIDE, PROFILE_LIMITS.avatarMinSide);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(source, 0, 0, size.width, size.height);
  return { dataUrl: canvas.toDataURL('image/jpeg', UPLOAD_QUALITY), ...size };
}

/**
 * A picked file checked in the browser (type, then the 110×110 minimum by its decoded size) and
 * prepared for upload. The server checks the content again and does the real resizing.
 */
export async function prepareFile(file: File): Promise<PreparedImage | ImageProblem> {
  if (!isAcceptedType(file)) return 'type';
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url).catch(() => null);
    if (!img) return 'type';
    if (!isLargeEnough(img.naturalWidth, img.naturalHeight)) return 'too_small';
    return toJpeg(img, img.naturalWidth, img.naturalHeight);
  } finally {
    URL.revokeObjectURL(url);
  }
}
