import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { openAccount } from '../db/repos/accounts.ts';

/** Every new user gets a ledger account at 0 points. */
export function onUserRegistered(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(
    events.userRegistered,
    async ({ user_id }) => {
      await openAccount(ctx.db, user_id, ctx.clock.now());
      ctx.log.info({ user_id }, 'ledger account opened');
    },
    serviceQueue(ctx),
  );
}
