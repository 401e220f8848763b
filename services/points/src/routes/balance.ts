import { messages } from '@honne/contracts/messages';
import { AGE_BRACKETS, pointsEndpoints } from '@honne/contracts/points';
import { fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { declareAge } from '../db/repos/spend-caps.ts';
import { balanceView } from '../ledger/balance.ts';
import { refreshCapped } from '../ledger/minor-caps.ts';

export function balanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const balanceOf = (userId: string) => balanceView(ctx.db, userId, ledgerRules(ctx.config), ctx.clock.now());

  route(app, ctx, pointsEndpoints.balance, async ({ caller }) => ok(await balanceOf(caller.userId)));

  route(app, ctx, pointsEndpoints.ageBracket, async ({ caller, body }) => {
    if (!AGE_BRACKETS.includes(body.bracket)) throw fieldErrors({ bracket: messages.ageBracketInvalid });
    await declareAge(ctx.db, caller.userId, body.bracket, ctx.clock.now());
    await refreshCapped(ctx.db, caller.userId, ledgerRules(ctx.config).minorCaps, ctx.clock.now());
    ctx.log.info({ user_id: caller.userId, bracket: body.bracket }, 'age bracket declared');
    return ok(await balanceOf(caller.userId));
  });
}
