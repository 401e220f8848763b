import { pointsEndpoints } from '@honne/contracts/points';
import { assertOperator, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { unusedBalanceReport } from '../ledger/report.ts';

export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.unusedReport, async ({ request, query }) => {
    assertOperator(request, ctx.config.operatorToken);
    return ok(await unusedBalanceReport(ctx, query.base_date));
  });
}
