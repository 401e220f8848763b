import type { FastifyInstance } from 'fastify';

import type { RealtimeHub } from '../realtime/hub.ts';
import { API_PREFIX } from '../routes-table.ts';

/** `GET /api/v1/realtime?token=<access token>&since=<seq>`, upgraded to a WebSocket. */
export function realtimeRoutes(app: FastifyInstance, hub: RealtimeHub): void {
  app.get(`${API_PREFIX}/realtime`, { websocket: true }, (socket, request) => {
    const { token, since } = request.query as Record<string, unknown>;
    void hub.accept(
      socket,
      typeof token === 'string' ? token : undefined,
      typeof since === 'string' && /^\d{1,15}$/.test(since) ? Number(since) : undefined,
    );
  });
}
