import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteAccount } from '../db/repos/accounts.ts';

/**
 * A deleted user's ledger goes with them (their entries cascade), and their age copy. The rebuild
 * runs this too for a user accounts no longer has (their deletion event was lost).
 */
export async function removeUser(ctx: AppContext, userId: string): Promise<void> {
  await deleteAccount(ctx.db, userId);
  ctx.log.info({ user_id: userId }, 'ledger account removed');
}

export function onUserDeleted(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(events.userDeleted, ({ user_id }) => removeUser(ctx, user_id), serviceQueue(ctx));
}
