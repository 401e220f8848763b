import websocket from '@fastify/websocket';
import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { limitsOf } from './config.ts';
import type { AppContext } from './context.ts';
import {
  answerExpectContinue,
  capConnectionsPerClient,
  closeRefusedUpgrades,
  trustedProxies,
  trustNone,
} from './limits.ts';
import { registerRateLimits } from './rate-limit.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import { CLOSE_GOING_AWAY } from './realtime/hub.ts';
import { decorateRequests } from './request-info.ts';
import { healthRoutes } from './routes/health.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { proxyRoutes } from './routes/proxy.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { staticRoutes } from './routes/static.ts';

/**
 * Small frames only: pings, resumes, subscriptions and commands such as a chat message (≤ 255
 * characters). Anything larger (a base64 image) goes over HTTP.
 */
const MAX_CLIENT_FRAME_BYTES = 4096;

export async function buildApp(ctx: AppContext, hub: RealtimeHub): Promise<FastifyInstance> {
  const limits = limitsOf(ctx.config);
  const trust = trustedProxies(ctx.config.trustedProxies ?? []);
  const app = createServiceApp(ctx, {
    // The gateway's port is the public one: its metrics are on METRICS_PORT (main.ts).
    serveMetrics: false,
    // request.ip (rate limits, the connection cap, accounts' login "source") is the client the
    // trusted proxies name, never an address a client wrote itself.
    ...(trust === trustNone ? {} : { trustProxy: trust }),
    // The body has its own deadline (bufferBody, 408 in the envelope); this one is the backstop.
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 5_000,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: Math.min(5_000, limits.idleTimeoutMs),
    // Node checks the two deadlines above on this interval (30 s by default).
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
  });
  capConnectionsPerClient(app, limits.maxConnectionsPerClient, trust);
  closeRefusedUpgrades(app, limits.headersTimeoutMs);
  answerExpectContinue(app.server, limits.maxBodyBytes);
  decorateRequests(app);

  // Everything under /api/v1 is rate limited; the static frontends are not.
  await app.register(async (api) => {
    await registerRateLimits(api, ctx);
    healthRoutes(api, ctx);
    openApiRoutes(api);
    await proxyRoutes(api, ctx);
    // The websocket plugin in a scope of its own: its hooks then run for the socket route only,
    // not on every proxied request.
    await api.register(async (realtime) => {
      await realtime.register(websocket, {
        options: { maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false },
        preClose(done) {
          hub.close();
          // Sockets still being authenticated are not in the hub yet.
          for (const client of this.websocketServer.clients) client.close(CLOSE_GOING_AWAY, 'server shutting down');
          this.websocketServer.close();
          done();
        },
      });
      realtimeRoutes(realtime, hub);
    });
  });

  await staticRoutes(app, ctx);
  return app;
}
