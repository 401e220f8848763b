import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Wrong sub-category passwords one user may send per hour, over all sub-categories. */
export const UNLOCK_FAILURES_PER_HOUR = 10;

/**
 * Checks a sub-category password against its stored `scrypt$<salt>$<hash>` (see the seed
 * migration). On the thread pool: each check is ~50 ms of CPU, and done inline 200 guesses
 * raised an unrelated GET from 4 ms to 136 ms.
 */
export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(pw, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}
