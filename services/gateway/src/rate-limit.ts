import rateLimit from '@fastify/rate-limit';
import { messages } from '@honne/contracts';
import { AppError } from '@honne/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppContext } from './context.ts';
import { endpointOf } from './request-info.ts';

const isAuthEndpoint = (request: FastifyRequest) => endpointOf(request)?.rateLimit === 'auth';

/**
 * Per-IP limits on everything registered after it in the same scope (the /api/v1 routes): a strict
 * one on login, sign-up, verify, resend and reset, counted in Redis when there is one so it holds
 * across every gateway instance (it guards passwords and codes), and a general one counted in each
 * instance's memory, which keeps a Redis round trip off every other request.
 */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rateLimitMax, rateLimitAuthMax } = ctx.config;
  const common = {
    global: true,
    timeWindow: 60_000,
    // The client needs the limit headers only once it is over; sparing them on every answer is cheaper.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: () => new AppError(429, 'rate_limited', messages.rateLimited),
  } as const;
  await app.register(rateLimit, {
    ...common,
    max: rateLimitAuthMax,
    allowList: (request) => !isAuthEndpoint(request),
    keyGenerator: (request) => `auth|${request.ip}`,
    ...(ctx.cache.redis ? { redis: ctx.cache.redis, nameSpace: 'gateway-rl:' } : {}),
    // A broken Redis must not take the whole API down with it.
    skipOnError: true,
  });
  await app.register(rateLimit, { ...common, max: rateLimitMax, allowList: isAuthEndpoint });
}
