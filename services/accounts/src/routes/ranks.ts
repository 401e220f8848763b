import { accountsEndpoints } from '@honne/contracts/accounts';
import { assertOperator, notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findById, updateUser } from '../db/repos/users.ts';
import { publishProfile } from '../events/profile-updated.ts';

/**
 * Operators set a user's rank (issue 15): the price sliders and every service's price checks
 * follow it, through the profile event topics and chat keep.
 */
export function rankRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, accountsEndpoints.setRank, async ({ request, params, body }) => {
    const actor = assertOperator(request, ctx.config.operatorToken);
    if (!(await findById(ctx.db, params.id))) throw notFound();
    const user = await updateUser(ctx.db, params.id, { ...body, updated_at: ctx.clock.now() });
    ctx.log.info({ user_id: user.id, rank: body, actor }, 'rank set');
    await publishProfile(ctx, user);
    return ok({
      user_id: user.id,
      rank: { max_point_for_chatting: user.max_point_for_chatting, max_point_for_a_call: user.max_point_for_a_call },
    });
  });
}
