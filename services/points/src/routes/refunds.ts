import { messages } from '@honne/contracts/messages';
import { pointsEndpoints, REFUND_REASON_MAX } from '@honne/contracts/points';
import { AppError, fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { accountOf } from '../db/repos/accounts.ts';
import { openRefundRequest } from '../db/repos/refunds.ts';

/**
 * /manage-point's refund request: recorded with the balance and purchased points at the time, for
 * operators to answer by mail. Points are never paid out by the app (資金決済法: refunds happen
 * only where the law requires, case by case). One open request per user.
 */
export function refundRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.refundRequest, async ({ caller, body }) => {
    const reason = body.reason.trim();
    if (!reason) throw fieldErrors({ reason: messages.refundReasonRequired });
    if (reason.length > REFUND_REASON_MAX) throw fieldErrors({ reason: messages.refundReasonTooLong });
    const { balance, purchased } = await accountOf(ctx.db, caller.userId);
    const id = await openRefundRequest(ctx.db, {
      user_id: caller.userId,
      reason,
      balance,
      purchased,
      created_at: ctx.clock.now(),
    });
    if (!id) throw new AppError(409, 'refund_open', messages.refundAlreadyOpen);
    ctx.log.info({ user_id: caller.userId, request: id, balance, purchased }, 'refund requested');
    return ok({ id, message: messages.refundRequested });
  });
}
