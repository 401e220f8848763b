import { safetyEndpoints } from '@honne/contracts/safety';
import { ok } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { systemHealth } from '../system/health.ts';
import { consoleRoute } from './console.ts';

/** The console's system page: SLOs, alerts and instance health from Prometheus (issue 29). */
export async function systemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  consoleRoute(app, ctx, safetyEndpoints.system, async () => ok(await systemHealth(ctx)));
}
