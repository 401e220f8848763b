import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/** A deleted user's ledger goes with them (their entries cascade). */
export function onUserDeleted(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(
    events.userDeleted,
    async ({ user_id }) => {
      await ctx.db.deleteFrom('accounts').where('user_id', '=', user_id).execute();
      await ctx.db.deleteFrom('spender_ages').where('user_id', '=', user_id).execute();
      ctx.log.info({ user_id }, 'ledger account removed');
    },
    serviceQueue(ctx),
  );
}
