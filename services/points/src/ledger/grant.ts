import { messages } from '@honne/contracts';
import type { GrantBody, GrantResult } from '@honne/contracts/points';
import { events } from '@honne/contracts/events';
import { AppError, enqueueEvent, fieldErrors } from '@honne/service-kit';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { balanceOf, isKnownUser } from '../db/repos/accounts.ts';
import { transfer } from './transfer.ts';
import { HOUSE, isHouseAccount } from '../domain/ledger.ts';
import { relayNow } from '../gifts/relay.ts';

/**
 * An operator's grant: points from the house's issued account to the user, with who and why on
 * the transfer row (the audit trail). The HTTP operator API and the CLI both call this.
 */
export async function grantPoints(ctx: AppContext, input: GrantBody, actor: string): Promise<GrantResult> {
  // Only to a user of ours: a grant to an id nobody holds made an account for nobody (issue 25).
  if (isHouseAccount(input.user_id) || !(await isKnownUser(ctx.db, input.user_id)))
    throw fieldErrors({ user_id: messages.invalidInput });
  const result = await transfer(
    ctx.db,
    {
      idempotencyKey: `grant:${input.idempotency_key}`,
      kind: 'grant',
      from: HOUSE.issued,
      to: input.user_id,
      amount: input.amount,
      actor,
      reason: input.reason,
    },
    ctx.clock.now(),
    ledgerRules(ctx.config),
    // The audit follows from the grant itself: the event commits with the transfer or not at all.
    async (trx, t) => {
      await enqueueEvent(
        trx,
        events.pointsGranted,
        `grant:${t.id}`,
        {
          transfer_id: t.id,
          user_id: input.user_id,
          amount: t.amount,
          reason: input.reason,
          idempotency_key: input.idempotency_key,
          actor,
          at: t.created_at.toISOString(),
        },
        t.created_at,
      );
    },
  );
  if (result.status === 'conflict') throw new AppError(409, 'idempotency_conflict', messages.idempotencyConflict);
  // The house account has no floor and a grant is no spend, so a grant is never refused.
  if (result.status !== 'done') throw new Error(`grant refused by the ledger (${result.status})`);
  if (!result.replayed) await relayNow(ctx);
  ctx.log.info(
    { user_id: input.user_id, amount: input.amount, actor, reason: input.reason, replayed: result.replayed },
    'points granted',
  );
  return {
    transfer_id: result.transfer.id,
    user_id: input.user_id,
    amount: result.transfer.amount,
    balance: await balanceOf(ctx.db, input.user_id),
    replayed: result.replayed,
  };
}
