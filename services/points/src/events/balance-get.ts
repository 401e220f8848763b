import { requests } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { balanceOf } from '../db/repos/accounts.ts';

/** Answers other services (accounts' profile) with a user's balance. */
export function respondBalance(ctx: AppContext): Subscription {
  return ctx.bus.respond(
    requests.balanceGet,
    async ({ user_id }) => ({ user_id, balance: await balanceOf(ctx.db, user_id) }),
    serviceQueue(ctx),
  );
}
