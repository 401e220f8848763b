import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

import type { Cache } from './cache.ts';

/** Who is calling, as the gateway established it from the bearer token. */
export interface Caller {
  userId: string;
  sessionId: string;
  /**
   * 'notices': a suspended or banned person's restricted sign-in (issue 27), which may only read
   * their moderation notices and appeal (endpoints marked `whileRestricted`). Absent: a full session.
   */
  scope?: TokenScope;
}

export type TokenScope = 'notices';

/** A restricted sign-in lasts long enough to read a notice and write an appeal. */
export const NOTICE_TOKEN_TTL_SECONDS = 30 * 60;

/** Access tokens live one hour; the client refreshes them through the session before then. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'honne';
const sessionKey = (sessionId: string) => `session:${sessionId}`;

export class Tokens {
  #key: Uint8Array;
  constructor(
    secret: string,
    private readonly cache: Cache,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** Mints a token for a session and marks the session live; revoking removes the mark. */
  async issue(caller: Caller, now: Date, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT(
      caller.scope ? { sid: caller.sessionId, scope: caller.scope } : { sid: caller.sessionId },
    )
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(caller.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.#key);
    await this.cache.set(sessionKey(caller.sessionId), caller.userId, ttlSeconds);
    return token;
  }

  /**
   * Marks a session live again without minting a token: its owner (accounts) restores the marks
   * of sessions it still holds when the cache they lived in was lost (the embedded start's memory
   * cache, on a restart). Tokens keep their own expiry, so this lengthens no token's life.
   */
  async markLive(caller: Caller, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<void> {
    await this.cache.set(sessionKey(caller.sessionId), caller.userId, ttlSeconds);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.cache.del(sessionKey(sessionId));
  }

  /**
   * The caller behind a token, or undefined when the token is forged, expired, or its session was
   * ended (logout, a login on another device, a password reset).
   */
  async verify(token: string, now: Date = new Date()): Promise<Caller | undefined> {
    const decoded = await this.decode(token, now);
    if (!decoded || !(await this.isLive(decoded))) return undefined;
    return { userId: decoded.userId, sessionId: decoded.sessionId, ...(decoded.scope ? { scope: decoded.scope } : {}) };
  }

  /**
   * The signature and expiry half of `verify`, without the session check: the result may be
   * cached until `expiresAt` (the gateway does), while `isLive` must be asked every time.
   */
  async decode(token: string, now: Date = new Date()): Promise<(Caller & { expiresAt: number }) | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const { sub: userId, sid: sessionId, exp, scope } = payload;
      if (!userId || typeof sessionId !== 'string' || typeof exp !== 'number') return undefined;
      if (scope !== undefined && scope !== 'notices') return undefined;
      return { userId, sessionId, expiresAt: exp * 1000, ...(scope ? { scope } : {}) };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return undefined;
      throw err;
    }
  }

  /** Whether the session is still live (not logged out, not replaced by another device). */
  async isLive(caller: Caller): Promise<boolean> {
    return (await this.cache.get(sessionKey(caller.sessionId))) === caller.userId;
  }
}

/** Headers the gateway sets on proxied requests; services trust them only with the internal token. */
export const IDENTITY_HEADERS = {
  userId: 'x-honne-user-id',
  sessionId: 'x-honne-session-id',
  internalToken: 'x-internal-token',
} as const;
