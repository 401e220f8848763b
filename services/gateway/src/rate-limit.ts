import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { messages } from '@honne/contracts';
import { AppError } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { endpointOf } from './request-info.ts';

const WINDOW_MS = 60_000;
/** Distinct client addresses the general limit remembers at once (as many as the plugin's own store). */
const MAX_CLIENTS = 5_000;

const rateLimited = () => new AppError(429, 'rate_limited', messages.rateLimited);

/**
 * Per-IP limits on everything registered after it in the same scope (the /api/v1 routes): a strict
 * one on login, sign-up, verify, resend and reset, counted in Redis when there is one so it holds
 * across every gateway instance (it guards passwords and codes), and a general one counted in each
 * instance's memory, which keeps a Redis round trip off every other request.
 *
 * One synchronous hook picks the limit: the general one, on nearly every request, is a map lookup.
 * (Two global @fastify/rate-limit registrations cost every request two chains of promises and
 * about 9 µs of CPU, 4 % of the gateway's time per proxied request.)
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rateLimitMax, rateLimitAuthMax } = ctx.config;
  // `global: false`: the plugin hooks no route itself; it lends its (Redis) store and handler to the hook below.
  await app.register(rateLimit, {
    global: false,
    max: rateLimitAuthMax,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `auth|${request.ip}`,
    // The client needs the limit headers only once it is over; sparing them on every answer is cheaper.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: rateLimited,
    ...(ctx.cache.redis ? { redis: ctx.cache.redis, nameSpace: 'gateway-rl:' } : {}),
    // A broken Redis must not take the whole API down with it.
    skipOnError: true,
  });
  const authLimit = app.rateLimit();
  const general = new WindowCounter(rateLimitMax, WINDOW_MS);

  app.addHook('onRequest', (request, reply, done) => {
    if (endpointOf(request)?.rateLimit === 'auth') {
      authLimit.call(app, request, reply).then(() => done(), done);
      return;
    }
    const now = ctx.clock.now().getTime();
    const resetAt = general.hit(normalizeIP(request.ip), now);
    if (resetAt === undefined) return done();
    // The same headers the plugin sends once a client is over.
    const seconds = Math.ceil((resetAt - now) / 1000);
    void reply.headers({
      'x-ratelimit-limit': rateLimitMax,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': seconds,
      'retry-after': seconds,
    });
    done(rateLimited());
  });
}

/**
 * Requests per key in a fixed window that starts at the key's first request, as the plugin's
 * in-memory store counts them. Past MAX_CLIENTS keys the least recently counted one is forgotten.
 */
export class WindowCounter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = MAX_CLIENTS,
  ) {}

  /** Counts one request; returns when the window ends if the key is over its limit, else undefined. */
  hit(key: string, now: number): number | undefined {
    let w = this.#windows.get(key);
    if (w) {
      // Re-inserted so the map's order stays least recently counted first.
      this.#windows.delete(key);
      if (w.resetAt <= now) w = { count: 0, resetAt: now + this.windowMs };
    } else {
      if (this.#windows.size >= this.maxKeys) this.#windows.delete(this.#windows.keys().next().value!);
      w = { count: 0, resetAt: now + this.windowMs };
    }
    w.count++;
    this.#windows.set(key, w);
    return w.count > this.max ? w.resetAt : undefined;
  }
}
