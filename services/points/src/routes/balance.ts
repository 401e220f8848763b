import { pointsEndpoints } from '@honne/contracts/points';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { accountOf } from '../db/repos/accounts.ts';

export function balanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.balance, async ({ caller }) => {
    const { balance, purchased } = await accountOf(ctx.db, caller.userId);
    return ok({ user_id: caller.userId, balance, purchased });
  });
}
