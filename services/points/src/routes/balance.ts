import { messages } from '@honne/contracts/messages';
import { AGE_BRACKETS, pointsEndpoints, type Balance } from '@honne/contracts/points';
import { fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { accountOf } from '../db/repos/accounts.ts';
import { capOf, declareAge, spentSince } from '../db/repos/spend-caps.ts';
import { jstMonthStart } from '../domain/spend-caps.ts';

/** userCoin with its purchased part and, for users under 18, this month's cap and what is spent of it. */
async function balanceOf(ctx: AppContext, userId: string): Promise<Balance> {
  const { balance, purchased } = await accountOf(ctx.db, userId);
  const person = await capOf(ctx.db, userId, ledgerRules(ctx.config).minorCaps!);
  const spent = person.cap === null ? 0 : await spentSince(ctx.db, person.family, jstMonthStart(ctx.clock.now()));
  return {
    user_id: userId,
    balance,
    purchased,
    monthly_cap: person.cap,
    spent_this_month: spent,
    teen: person.teen,
    age_bracket: person.declared,
  };
}

export function balanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, pointsEndpoints.balance, async ({ caller }) => ok(await balanceOf(ctx, caller.userId)));

  route(app, ctx, pointsEndpoints.ageBracket, async ({ caller, body }) => {
    if (!AGE_BRACKETS.includes(body.bracket)) throw fieldErrors({ bracket: messages.ageBracketInvalid });
    await declareAge(ctx.db, caller.userId, body.bracket, ctx.clock.now());
    ctx.log.info({ user_id: caller.userId, bracket: body.bracket }, 'age bracket declared');
    return ok(await balanceOf(ctx, caller.userId));
  });
}
