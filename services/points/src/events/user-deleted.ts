import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteAccount } from '../db/repos/accounts.ts';

/** A deleted user's ledger goes with them (their entries cascade). */
export function onUserDeleted(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(
    events.userDeleted,
    async ({ user_id }) => {
      await deleteAccount(ctx.db, user_id);
      ctx.log.info({ user_id }, 'ledger account removed');
    },
    serviceQueue(ctx),
  );
}
