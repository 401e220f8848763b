import { safetyEndpoints } from '@honne/contracts/safety';
import { ok } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import {
  expertRequests,
  grantPoints,
  purchaseEvents,
  setExpert,
  setRank,
  unusedReport,
} from '../moderation/operator-api.ts';
import { consoleRoute } from './console.ts';

/** The points operator API (ADR 0034): grants, the money reports, ranks and experts, for console operators and keys. */
export function operatorApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  consoleRoute(app, ctx, safetyEndpoints.grantPoints, async ({ body, by }) => ok(await grantPoints(ctx, by, body)));
  consoleRoute(app, ctx, safetyEndpoints.unusedPointsReport, async ({ query, by }) =>
    ok(await unusedReport(ctx, by, query)),
  );
  consoleRoute(app, ctx, safetyEndpoints.purchaseEvents, async ({ query, by }) =>
    ok(await purchaseEvents(ctx, by, query)),
  );
  consoleRoute(app, ctx, safetyEndpoints.setRank, async ({ params, body, by }) =>
    ok(await setRank(ctx, by, params.id, body)),
  );
  consoleRoute(app, ctx, safetyEndpoints.expertRequests, async ({ query }) => ok(await expertRequests(ctx, query)));
  consoleRoute(app, ctx, safetyEndpoints.setExpert, async ({ params, body, by }) =>
    ok(await setExpert(ctx, by, params.id, body.approve)),
  );
}
