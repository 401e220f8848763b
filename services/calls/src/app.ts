import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { callRoutes } from './routes/calls.ts';
import { configRoutes } from './routes/config.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  // LiveKit signs the exact bytes of its webhook body: keep them as text for the check.
  app.addContentTypeParser('application/webhook+json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  configRoutes(app, ctx);
  callRoutes(app, ctx);
  return app;
}
