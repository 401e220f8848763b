import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';

/** Console tokens and API key secrets are random; only their sha256 is stored. */
export const newSecret = (prefix: string): string => `${prefix}_${randomBytes(32).toString('base64url')}`;

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A fresh TOTP secret (base32, 160 bits) for an operator's authenticator app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totp = (secret: string, label = 'operator') =>
  new TOTP({
    issuer: 'honne console',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** Whether `code` is the TOTP code at `now` (one step of drift either way, for clocks that differ). */
export function totpValid(secret: string, code: string, now: Date): boolean {
  return totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null;
}

/** The code at `now` (tests sign in with it, as an authenticator app would). */
export const totpCode = (secret: string, now: Date): string => totp(secret).generate({ timestamp: now.getTime() });

export const otpauthUrl = (secret: string, email: string): string => totp(secret, email).toString();
