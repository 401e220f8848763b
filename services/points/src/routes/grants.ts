import { pointsEndpoints } from '@honne/contracts/points';
import { assertOperator, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { grantPoints } from '../ledger/grant.ts';

export function grantRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.grant, async ({ request, body }) => {
    const actor = assertOperator(request, ctx.config.operatorToken);
    return ok(await grantPoints(ctx, body, actor));
  });
}
