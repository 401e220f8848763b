import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { messageRoutes } from './routes/messages.ts';
import { roomRoutes } from './routes/rooms.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  roomRoutes(app, ctx);
  messageRoutes(app, ctx);
  return app;
}
