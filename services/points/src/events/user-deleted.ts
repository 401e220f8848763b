import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteAccount } from '../db/repos/accounts.ts';
import { forfeitBalance } from '../db/repos/ledger.ts';
import { HOUSE } from '../domain/ledger.ts';
import { lockFamily, personOf } from '../db/repos/spend-caps.ts';
import { carryMonthOf } from '../ledger/minor-caps.ts';

/**
 * A deleted user's ledger goes with them (their entries cascade), and their age copy. The rebuild
 * runs this too for a user accounts no longer has (their deletion event was lost).
 */
export async function removeUser(ctx: AppContext, userId: string): Promise<void> {
  // Deleting a character must not lower its person's monthly total (issue 25): the month's sum
  // stays, the entries go. Under the person's lock, so no spend counts between the two.
  await ctx.db.transaction().execute(async (trx) => {
    const person = await personOf(trx, userId);
    await lockFamily(trx, person.family);
    await carryMonthOf(trx, userId, ctx.clock.now());
    // What they still held is forfeited to the house, so the books still sum to zero once the
    // account (and its entries) are gone.
    await forfeitBalance(trx, userId, HOUSE.forfeited, ctx.clock.now());
    await deleteAccount(trx, userId);
  });
  ctx.log.info({ user_id: userId }, 'ledger account removed');
}

export function onUserDeleted(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(events.userDeleted, ({ user_id }) => removeUser(ctx, user_id), serviceQueue(ctx));
}
