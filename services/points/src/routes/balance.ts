import { messages } from '@honne/contracts/messages';
import { AGE_BRACKETS, pointsEndpoints, type Balance } from '@honne/contracts/points';
import { fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { accountOf } from '../db/repos/accounts.ts';
import { expiringLots } from '../db/repos/lots.ts';
import { declareAge } from '../db/repos/spend-caps.ts';
import { capOf, refreshCapped, spentThisMonth } from '../ledger/minor-caps.ts';
import { LOT_LIFETIME_DAYS, LOT_REMINDER_DAYS } from '../domain/ledger.ts';

/**
 * userCoin with its purchased part, the purchased points that expire within the reminder window
 * (the reminder /manage-point shows), and, for users under 18, this month's cap and what is spent.
 */
async function balanceOf(ctx: AppContext, userId: string): Promise<Balance> {
  const now = ctx.clock.now();
  const { balance, purchased } = await accountOf(ctx.db, userId);
  const expiring =
    purchased > 0
      ? await expiringLots(ctx.db, userId, now, new Date(now.getTime() + LOT_REMINDER_DAYS * 86_400_000))
      : [];
  const person = await capOf(ctx.db, userId, ledgerRules(ctx.config).minorCaps!);
  const spent = person.cap === null ? 0 : await spentThisMonth(ctx.db, person.family, now);
  return {
    user_id: userId,
    balance,
    purchased,
    expiring: expiring.map((l) => ({ points: l.remaining, expires_at: l.expires_at!.toISOString() })),
    monthly_cap: person.cap,
    spent_this_month: spent,
    teen: person.teen,
    age_bracket: person.declared,
    purchase_valid_days: ledgerRules(ctx.config).lotPolicy === 'expire' ? LOT_LIFETIME_DAYS : null,
  };
}

export function balanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.balance, async ({ caller }) => ok(await balanceOf(ctx, caller.userId)));

  route(app, ctx, pointsEndpoints.ageBracket, async ({ caller, body }) => {
    if (!AGE_BRACKETS.includes(body.bracket)) throw fieldErrors({ bracket: messages.ageBracketInvalid });
    await declareAge(ctx.db, caller.userId, body.bracket, ctx.clock.now());
    await refreshCapped(ctx.db, caller.userId, ledgerRules(ctx.config).minorCaps!, ctx.clock.now());
    ctx.log.info({ user_id: caller.userId, bracket: body.bracket }, 'age bracket declared');
    return ok(await balanceOf(ctx, caller.userId));
  });
}
