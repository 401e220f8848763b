import { PROFILE_LIMITS } from '@honne/contracts/profile';
import sharp from 'sharp';

export type ImageProblem = 'type' | 'too_small';

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Accepts a data URL or bare base64 (image types 1 and 3 of spec §9) and returns the bytes. */
export function decodeBase64Image(data: string): Buffer | undefined {
  const m = /^data:[^;,]*(;base64)?,(.*)$/s.exec(data.trim());
  const b64 = m ? m[2]! : data.trim();
  if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  return bytes.length > 0 && bytes.length <= PROFILE_LIMITS.imageMaxBytes ? bytes : undefined;
}

/**
 * Checks the image by its content (never by a name or a declared type): only PNG and JPEG, at
 * least 110×110. The result is a square JPEG of `side` pixels from the given square (or the
 * centre square), EXIF orientation applied and metadata dropped.
 */
export async function squareJpeg(
  input: Buffer,
  side: number,
  crop?: { x: number; y: number; size: number },
): Promise<ProcessedImage | ImageProblem> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).metadata();
  } catch {
    return 'type';
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') return 'type';
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  if (width < PROFILE_LIMITS.avatarMinSide || height < PROFILE_LIMITS.avatarMinSide) return 'too_small';
  let pipeline = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
  if (crop) {
    const size = Math.min(crop.size, width - crop.x, height - crop.y);
    if (size < PROFILE_LIMITS.avatarMinSide) return 'too_small';
    pipeline = pipeline.extract({ left: crop.x, top: crop.y, width: size, height: size });
  }
  let bytes: Buffer;
  try {
    bytes = await pipeline
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    // A valid header over broken pixel data: the header read passes, the decode does not.
    return 'type';
  }
  return { bytes, width: side, height: side };
}

/** A profile image's object key in the store (S3_URL); the images table's deletion trigger uses the same. */
export const imageObjectKey = (id: string) => `images/${id}`;
