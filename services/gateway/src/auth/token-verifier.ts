import type { Caller, Clock, Tokens } from '@honne/service-kit';

interface Decoded {
  caller: Caller;
  expiresAt: number;
}

/** Enough for every token and session in use at once on one instance; past it the oldest are dropped. */
const MAX_ENTRIES = 20_000;
/**
 * How long a session found live is believed without asking the shared cache again. Revocations
 * are announced on the bus (`accounts.session.revoked`, which every instance hears) and take
 * effect at once; this bounds how late one is noticed if its announcement were lost.
 */
export const LIVE_TTL_MS = 5_000;
/** A revoked session never comes back (a new login is a new session), so it is remembered as long as a token lives. */
const REVOKED_TTL_MS = 60 * 60 * 1000;

/**
 * `Tokens.verify` split for the hot path: the signature check (a pure function of the token) is
 * cached until the token expires; a session's liveness is cached briefly and forgotten the moment
 * the bus says it was revoked.
 */
export class TokenVerifier {
  readonly #decoded = new Map<string, Decoded>();
  /** sessionId → until when it counts as live (positive) or revoked (negative entry). */
  readonly #live = new Map<string, { userId: string; until: number }>();
  readonly #revoked = new Map<string, number>();

  constructor(
    private readonly tokens: Tokens,
    private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<Caller | undefined> {
    const now = this.clock.now();
    const t = now.getTime();
    let entry = this.#decoded.get(token);
    if (entry && entry.expiresAt <= t) {
      this.#decoded.delete(token);
      entry = undefined;
    }
    if (!entry) {
      const decoded = await this.tokens.decode(token, now);
      if (!decoded) return undefined;
      const { expiresAt, ...caller } = decoded;
      entry = { caller, expiresAt };
      bounded(this.#decoded).set(token, entry);
    }
    const { caller } = entry;
    const revokedUntil = this.#revoked.get(caller.sessionId);
    if (revokedUntil !== undefined) {
      if (revokedUntil > t) return undefined;
      this.#revoked.delete(caller.sessionId);
    }
    const live = this.#live.get(caller.sessionId);
    if (live && live.until > t && live.userId === caller.userId) return caller;
    if (!(await this.tokens.isLive(caller))) return undefined;
    // A revocation heard while the cache was being asked wins over the answer.
    if (!this.#revoked.has(caller.sessionId)) {
      bounded(this.#live).set(caller.sessionId, { userId: caller.userId, until: t + LIVE_TTL_MS });
    }
    return caller;
  }

  /** The bus said this session ended: no request with its tokens passes from now on. */
  revoked(sessionId: string): void {
    this.#live.delete(sessionId);
    bounded(this.#revoked).set(sessionId, this.clock.now().getTime() + REVOKED_TTL_MS);
  }
}

/** Drops the oldest entry of a map that reached MAX_ENTRIES (maps keep insertion order). */
function bounded<K, V>(map: Map<K, V>): Map<K, V> {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  return map;
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || header.length < 8) return undefined;
  if (header.charCodeAt(6) !== 32 || header.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 ? token : undefined;
}
