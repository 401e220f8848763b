import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { balanceRoutes } from './routes/balance.ts';
import { grantRoutes } from './routes/grants.ts';
import { historyRoutes } from './routes/history.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  balanceRoutes(app, ctx);
  historyRoutes(app, ctx);
  grantRoutes(app, ctx);
  return app;
}
