import { AGE_LIMITS, MINOR_AGE_ID, type AgeState } from '@honne/contracts/age';

/**
 * The image type by its first bytes (never a file name or a declared type): JPEG, PNG or WebP, the
 * formats a phone's camera and screenshot give. Undefined for anything else.
 */
export function imageTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

/** A data URL or bare base64 → bytes; 'invalid' when not base64, 'too_large' past the limit. */
export function decodeDocument(data: string): Buffer | 'invalid' | 'too_large' {
  const m = /^data:[^;,]*(;base64)?,(.*)$/s.exec(data.trim());
  const b64 = (m ? m[2]! : data).replace(/\s+/g, '');
  if (b64.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return 'invalid';
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > AGE_LIMITS.documentMaxBytes) return 'too_large';
  return bytes;
}

/**
 * The state rule (ADR 0031): any character declaring 10代 makes the person a minor, whatever a
 * document said (the safe side: they can change the age group, an adult cannot be told apart from a
 * minor claiming adulthood otherwise); an approved document makes the rest verified adults.
 */
export function ageStateOf(ageIds: readonly (number | null)[], approved: boolean): AgeState {
  if (ageIds.includes(MINOR_AGE_ID)) return 'minor';
  return approved ? 'verified_adult' : 'self_declared_adult';
}
