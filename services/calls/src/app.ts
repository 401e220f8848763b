import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { configRoutes } from './routes/config.ts';
import { greetingRoutes } from './routes/greetings.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  configRoutes(app, ctx);
  // No call rings anywhere until the call state machine lands: nobody hears another's greeting.
  greetingRoutes(app, ctx, async () => null);
  return app;
}
