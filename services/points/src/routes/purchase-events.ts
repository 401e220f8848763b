import { pointsEndpoints } from '@honne/contracts/points';
import { assertOperator, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { purchaseEventsIn } from '../db/repos/purchases.ts';

/** The provider's checkout events by status: operators resolve the 'unresolved' ones by hand. */
export function purchaseEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.purchaseEvents, async ({ request, query }) => {
    assertOperator(request, ctx.config.operatorToken);
    const rows = await purchaseEventsIn(ctx.db, query.status ?? 'unresolved', query.limit ?? 100);
    return ok(rows.map((r) => ({ ...r, received_at: new Date(r.received_at).toISOString() })));
  });
}
