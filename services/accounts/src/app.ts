import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';
import { blockRoutes } from './routes/blocks.ts';
import { characterRoutes } from './routes/characters.ts';
import { friendRoutes } from './routes/friends.ts';
import { otpRoutes } from './routes/otp.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { profileRoutes } from './routes/profile.ts';
import { referenceRoutes } from './routes/reference.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { settingsRoutes } from './routes/settings.ts';
import { signupRoutes } from './routes/signups.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  const app = createServiceApp(ctx);
  referenceRoutes(app, ctx);
  signupRoutes(app, ctx);
  sessionRoutes(app, ctx);
  profileRoutes(app, ctx);
  settingsRoutes(app, ctx);
  passwordRoutes(app, ctx);
  characterRoutes(app, ctx);
  otpRoutes(app, ctx);
  friendRoutes(app, ctx);
  blockRoutes(app, ctx);
  return app;
}
