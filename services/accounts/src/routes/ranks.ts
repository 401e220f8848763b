import { EXPERT_STATUS, accountsEndpoints } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import { AppError, assertOperator, notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findById, updateUser } from '../db/repos/users.ts';
import { withEvents } from '../events/outbox.ts';
import { emitProfile } from '../events/profile-updated.ts';

/**
 * Ranks and expert approval, both operators' word on a user (issue 15). Operators set a user's rank: the price sliders and every service's price checks
 * follow it, through the profile event topics and chat keep.
 */
export function rankRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, accountsEndpoints.setRank, async ({ request, params, body }) => {
    const actor = assertOperator(request, ctx.config.operatorToken);
    if (!(await findById(ctx.db, params.id))) throw notFound();
    const user = await withEvents(ctx, async (trx, emit) => {
      const updated = await updateUser(trx, params.id, { ...body, updated_at: ctx.clock.now() });
      await emitProfile(emit, updated);
      return updated;
    });
    ctx.log.info({ user_id: user.id, rank: body, actor }, 'rank set');
    return ok({
      user_id: user.id,
      rank: { max_point_for_chatting: user.max_point_for_chatting, max_point_for_a_call: user.max_point_for_a_call },
    });
  });

  // A user asks once; asking again while it is pending, or once approved, changes nothing.
  route(app, ctx, accountsEndpoints.requestApproval, async ({ caller }) => {
    const user = await findById(ctx.db, caller.userId);
    if (!user) throw notFound();
    if (user.is_approval === EXPERT_STATUS.approved || user.is_approval === EXPERT_STATUS.requested)
      return ok({ is_approval: user.is_approval });
    const saved = await updateUser(ctx.db, user.id, {
      is_approval: EXPERT_STATUS.requested,
      updated_at: ctx.clock.now(),
    });
    ctx.log.info({ user_id: user.id }, 'expert approval requested');
    return ok({ is_approval: saved.is_approval });
  });

  // Operators answer a pending request (or withdraw an approval); the mark follows everywhere.
  route(app, ctx, accountsEndpoints.setExpert, async ({ request, params, body }) => {
    const actor = assertOperator(request, ctx.config.operatorToken);
    const user = await findById(ctx.db, params.id);
    if (!user) throw notFound();
    if (body.approve && user.is_approval !== EXPERT_STATUS.requested && user.is_approval !== EXPERT_STATUS.approved)
      throw new AppError(403, 'no_request', messages.expertNotRequested);
    const status = body.approve ? EXPERT_STATUS.approved : EXPERT_STATUS.refused;
    const saved = await withEvents(ctx, async (trx, emit) => {
      const updated = await updateUser(trx, user.id, { is_approval: status, updated_at: ctx.clock.now() });
      await emitProfile(emit, updated);
      return updated;
    });
    ctx.log.info({ user_id: user.id, status, actor }, 'expert request answered');
    return ok({ user_id: saved.id, is_approval: saved.is_approval });
  });
}
