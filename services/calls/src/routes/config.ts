import { callsEndpoints } from '@honne/contracts/calls';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { callConfigFor } from '../domain/call-config.ts';

export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, callsEndpoints.config, async () => ok(callConfigFor(ctx.config, ctx.clock.now())));
}
