import rateLimit from '@fastify/rate-limit';
import { messages } from '@honne/contracts';
import { AppError } from '@honne/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppContext } from './context.ts';
import { endpointOf } from './request-info.ts';

const isAuthEndpoint = (request: FastifyRequest) => endpointOf(request)?.rateLimit === 'auth';

/**
 * Per-IP limits on everything registered after it in the same scope (the /api/v1 routes): a
 * general one, and a stricter one counted separately on login, sign-up, verify, resend and reset.
 * With Redis the counters are shared, so the limits hold however many gateway instances run.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rateLimitMax, rateLimitAuthMax } = ctx.config;
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (request) => (isAuthEndpoint(request) ? rateLimitAuthMax : rateLimitMax),
    keyGenerator: (request) => (isAuthEndpoint(request) ? `auth|${request.ip}` : request.ip),
    ...(ctx.cache.redis ? { redis: ctx.cache.redis, nameSpace: 'gateway-rl:' } : {}),
    // A broken Redis must not take the whole API down with it.
    skipOnError: true,
    // The client needs the limit headers only once it is over; sparing them on every answer is cheaper.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: () => new AppError(429, 'rate_limited', messages.rateLimited),
  });
}
