import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { profileRoutes } from './routes/profile.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { signupRoutes } from './routes/signups.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  signupRoutes(app, ctx);
  sessionRoutes(app, ctx);
  profileRoutes(app, ctx);
  return app;
}
