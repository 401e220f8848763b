import type { ServerResponse } from 'node:http';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { markUpgraded } from '../limits.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { API_PREFIX } from '../routes-table.ts';

/** `GET /api/v1/realtime?token=<access token>&since=<seq>`, upgraded to a WebSocket. */
export function realtimeRoutes(app: FastifyInstance, hub: RealtimeHub): void {
  app.get(`${API_PREFIX}/realtime`, { websocket: true }, (socket, request) => {
    const { token, since } = request.query as Record<string, unknown>;
    markUpgraded(request);
    releaseUpgradeResponse(request);
    void hub.accept(
      socket,
      typeof token === 'string' ? token : undefined,
      typeof since === 'string' && /^\d{1,15}$/.test(since) ? Number(since) : undefined,
    );
  });
}

/**
 * The websocket plugin routes the upgrade through Fastify with a stand-in ServerResponse bound to
 * the TCP socket; left there, it keeps the whole upgrade request (headers, Fastify request and
 * reply) alive for as long as the connection lasts. Detaching it halves the memory of an idle
 * connection (bench/README.md).
 */
function releaseUpgradeResponse(request: FastifyRequest): void {
  const tcp = request.raw.socket as (typeof request.raw.socket & { _httpMessage?: ServerResponse | null }) | null;
  const response = tcp?._httpMessage;
  if (tcp && response && typeof response.detachSocket === 'function') response.detachSocket(tcp);
}
