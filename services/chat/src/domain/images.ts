import { CHAT_LIMITS } from '@honne/contracts/chat';
import sharp from 'sharp';

export interface ChatImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** A data URL or bare base64 → bytes; undefined when it is not base64 or too large. */
export function decodeBase64(data: string | undefined): Buffer | undefined {
  if (!data) return undefined;
  const m = /^data:[^;,]*(;base64)?,(.*)$/s.exec(data.trim());
  const b64 = (m ? m[2]! : data).replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  return bytes.length > 0 && bytes.length <= CHAT_LIMITS.imageMaxBytes ? bytes : undefined;
}

/**
 * Checks the image by its content (never a name or declared type): PNG or JPEG only. The result
 * is a JPEG at quality 80 that fits in 1080×1080 (never enlarged), EXIF orientation applied and
 * metadata (GPS included) dropped. Undefined when the bytes are no PNG/JPEG image.
 */
export async function toChatJpeg(input: Buffer): Promise<ChatImage | undefined> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).metadata();
  } catch {
    return undefined;
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') return undefined;
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(CHAT_LIMITS.imageMaxSide, CHAT_LIMITS.imageMaxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: CHAT_LIMITS.imageQuality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

export const IMAGE_PATH_PREFIX = '/api/v1/messages/images/';
/** An image's object key in the store (S3_URL); the images table's deletion trigger uses the same. */
export const imageObjectKey = (id: string) => `images/${id}`;
export const imageUrl = (id: string) => `${IMAGE_PATH_PREFIX}${id}`;
const IMAGE_URL_RE = /\/api\/v1\/messages\/images\/([0-9a-f-]{36})$/i;
export const imageIdOf = (url: string) => IMAGE_URL_RE.exec(url.trim())?.[1];
