import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { configRoutes } from './routes/config.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  configRoutes(app, ctx);
  return app;
}
