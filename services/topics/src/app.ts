import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { filterRoutes } from './routes/filters.ts';
import { historyRoutes } from './routes/history.ts';
import { referenceRoutes } from './routes/reference.ts';
import { threadRoutes } from './routes/threads.ts';
import { topicRoutes } from './routes/topics.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  referenceRoutes(app, ctx);
  threadRoutes(app, ctx);
  topicRoutes(app, ctx);
  historyRoutes(app, ctx);
  filterRoutes(app, ctx);
  return app;
}
