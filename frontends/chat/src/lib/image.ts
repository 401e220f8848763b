import { CHAT_LIMITS } from '@honne/contracts/chat';

/** Spec §5: png, jpg and jpeg only (by declared type, else by name); an empty type is sent as is. */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  if (file.type) return file.type === 'image/png' || file.type === 'image/jpeg';
  return /\.(png|jpe?g)$/i.test(file.name);
}

/** The size an image is drawn at to fit within max×max (1080), never enlarged, ratio kept. */
export function fitSize(width: number, height: number, max: number = CHAT_LIMITS.imageMaxSide) {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG quality for canvas.toDataURL (spec: 80). */
export const JPEG_QUALITY = CHAT_LIMITS.imageQuality / 100;

/** Resizes an image file in the browser to a JPEG data URL of at most 1080 px a side, quality 80. */
export async function resizeToJpeg(file: Blob): Promise<{ dataUrl: string; width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = fitSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  // JPEG has no alpha: a transparent PNG goes onto white rather than black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return { dataUrl: canvas.toDataURL('image/jpeg', JPEG_QUALITY), ...size };
}

/** A file as a data URL, for a picked file whose type the browser does not say (resized on the server). */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('read failed'));
    r.readAsDataURL(file);
  });
}
