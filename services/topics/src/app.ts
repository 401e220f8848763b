import { createServiceApp } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from './context.ts';

export function buildApp(ctx: AppContext): FastifyInstance {
  return createServiceApp(ctx);
}
