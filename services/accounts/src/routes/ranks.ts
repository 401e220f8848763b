import { EXPERT_STATUS, accountsEndpoints, type RankBody } from '@honne/contracts/accounts';
import { requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { AppError, notFound, ok, operatorOutcome, route, serviceQueue, type Subscription } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { expertRequests, findById, updateUser } from '../db/repos/users.ts';
import { withEvents } from '../events/outbox.ts';
import { emitProfile } from '../events/profile-updated.ts';

/**
 * Ranks and expert approval, both operators' word on a user (issue 15). Operators set a user's rank: the price sliders and every service's price checks
 * follow it, through the profile event topics and chat keep. Operators reach these through the
 * console (safety checks who they are and audits, ADR 0034), which asks here over the bus.
 */
export function respondOperator(ctx: AppContext): Subscription[] {
  return [
    ctx.bus.respond(
      requests.accountsOperatorRank,
      (r) => operatorOutcome(() => setRank(ctx, r.user_id, r.rank, r.actor)),
      serviceQueue(ctx),
    ),
    ctx.bus.respond(
      requests.accountsOperatorExpertRequests,
      (q) =>
        operatorOutcome(async () =>
          (await expertRequests(ctx.db, q.limit ?? 100)).map((u) => ({
            user_id: u.id,
            user_name: u.user_name,
            updated_at: u.updated_at.toISOString(),
          })),
        ),
      serviceQueue(ctx),
    ),
    ctx.bus.respond(
      requests.accountsOperatorExpert,
      (r) => operatorOutcome(() => setExpert(ctx, r.user_id, r.approve, r.actor)),
      serviceQueue(ctx),
    ),
  ];
}

async function setRank(ctx: AppContext, userId: string, rank: RankBody, actor: string) {
  if (!(await findById(ctx.db, userId))) throw notFound();
  const user = await withEvents(ctx, async (trx, emit) => {
    const updated = await updateUser(trx, userId, { ...rank, updated_at: ctx.clock.now() });
    await emitProfile(emit, updated);
    return updated;
  });
  ctx.log.info({ user_id: user.id, rank, actor }, 'rank set');
  return {
    user_id: user.id,
    rank: { max_point_for_chatting: user.max_point_for_chatting, max_point_for_a_call: user.max_point_for_a_call },
  };
}

// Operators answer a pending request (or withdraw an approval); the mark follows everywhere.
async function setExpert(ctx: AppContext, userId: string, approve: boolean, actor: string) {
  const user = await findById(ctx.db, userId);
  if (!user) throw notFound();
  if (approve && user.is_approval !== EXPERT_STATUS.requested && user.is_approval !== EXPERT_STATUS.approved)
    throw new AppError(403, 'no_request', messages.expertNotRequested);
  const status = approve ? EXPERT_STATUS.approved : EXPERT_STATUS.refused;
  const saved = await withEvents(ctx, async (trx, emit) => {
    const updated = await updateUser(trx, user.id, { is_approval: status, updated_at: ctx.clock.now() });
    await emitProfile(emit, updated);
    return updated;
  });
  ctx.log.info({ user_id: user.id, status, actor }, 'expert request answered');
  return { user_id: saved.id, is_approval: saved.is_approval };
}

export function rankRoutes(app: FastifyInstance, ctx: AppContext): void {
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
}
