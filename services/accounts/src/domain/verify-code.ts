import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random 6-digit code (leading zeros allowed). */
export const generateCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored as keyed hashes bound to their sign-up: a leaked table reveals no live code. */
export const hashCode = (code: string, secret: string, signupId: string): string =>
  createHmac('sha256', secret).update(`${signupId}:${code}`).digest('base64');

export function codeMatches(code: string, storedHash: string, secret: string, signupId: string): boolean {
  const a = Buffer.from(hashCode(code, secret, signupId));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
