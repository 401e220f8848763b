import { createHash } from 'node:crypto';

import type { Cache } from '@honne/service-kit';
import type { FastifyRequest } from 'fastify';

import {
  CODE_FAILURES_PER_HOUR,
  KNOWN_SOURCE_SECONDS,
  lockSeconds,
  MAIL_PER_ADDRESS_PER_HOUR,
  MAIL_PER_SOURCE_PER_HOUR,
} from './domain/guessing.ts';

/**
 * Where a request comes from: the client address the gateway states (it overwrites whatever a
 * client sent under that name; services listen on loopback behind it), else the socket's.
 */
export function sourceOf(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip;
}

const short = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/**
 * Wrong passwords are counted per address *and* source: ten from one source lock that source
 * out of that address (15 min, doubling per lock within a day), never the owner elsewhere. All
 * sources together may fail `maxPerAddress` times an hour; past that, only
 * sources that signed in to the address before get through, so a spread-out guesser is stopped
 * and the owner still is not locked out.
 */
export class LoginGuard {
  constructor(
    private readonly cache: Cache,
    private readonly maxFailures: number,
    private readonly maxPerAddress: number,
  ) {}

  #keys(email: string, source: string) {
    const pair = `${short(email)}:${short(source)}`;
    return {
      failures: `login-failures:${pair}`,
      lock: `login-lock:${pair}`,
      strikes: `login-strikes:${pair}`,
      address: `login-address-failures:${short(email)}`,
      known: `login-known:${pair}`,
    };
  }

  /** True when this source may not try this address now. */
  async refused(email: string, source: string): Promise<boolean> {
    const k = this.#keys(email, source);
    const [lock, address, known] = await Promise.all([
      this.cache.get(k.lock),
      this.cache.get(k.address),
      this.cache.get(k.known),
    ]);
    if (lock) return true;
    return Number(address ?? 0) >= this.maxPerAddress && !known;
  }

  async failed(email: string, source: string): Promise<void> {
    const k = this.#keys(email, source);
    const [failures] = await Promise.all([
      this.cache.incrWindow(k.failures, 15 * 60),
      this.cache.incrWindow(k.address, 60 * 60),
    ]);
    if (failures < this.maxFailures) return;
    const strike = await this.cache.incrWindow(k.strikes, 24 * 60 * 60);
    await this.cache.set(k.lock, '1', lockSeconds(strike));
    await this.cache.del(k.failures);
  }

  async succeeded(email: string, source: string): Promise<void> {
    const k = this.#keys(email, source);
    await Promise.all([this.cache.del(k.failures), this.cache.set(k.known, '1', KNOWN_SOURCE_SECONDS)]);
  }
}

/**
 * Wrong mailed codes per address per hour, whatever code is live: asking for a new code does
 * not start the count again (it did for resets, and 50 guesses took 0.4 s).
 */
export class CodeGuard {
  constructor(
    private readonly cache: Cache,
    private readonly purpose: 'verify' | 'reset' | 'otp',
  ) {}

  #key = (email: string) => `${this.purpose}-failures:${email}`;

  async exhausted(email: string): Promise<boolean> {
    return Number((await this.cache.get(this.#key(email))) ?? 0) >= CODE_FAILURES_PER_HOUR;
  }

  async failed(email: string): Promise<void> {
    await this.cache.incrWindow(this.#key(email), 60 * 60);
  }
}

/**
 * Mail per address and per source per hour. Every request that would send counts, registered
 * address or not; past a cap the caller answers as usual and sends nothing.
 */
export class MailGuard {
  constructor(
    private readonly cache: Cache,
    private readonly perAddress: number,
    private readonly perSource: number,
  ) {}

  /** Counts one mail to `address` caused by `source` (null: not capped per source); true when it may go. */
  async allow(address: string, source: string | null): Promise<boolean> {
    const [toAddress, fromSource] = await Promise.all([
      this.cache.incrWindow(`mail-to:${short(address)}`, 60 * 60),
      source === null ? 0 : this.cache.incrWindow(`mail-from:${short(source)}`, 60 * 60),
    ]);
    return toAddress <= this.perAddress && fromSource <= this.perSource;
  }
}

export const mailGuardOf = (cache: Cache, config: { mailMaxPerAddress?: number; mailMaxPerSource?: number }) =>
  new MailGuard(
    cache,
    config.mailMaxPerAddress ?? MAIL_PER_ADDRESS_PER_HOUR,
    config.mailMaxPerSource ?? MAIL_PER_SOURCE_PER_HOUR,
  );
