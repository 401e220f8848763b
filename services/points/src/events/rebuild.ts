import { requests } from '@honne/contracts/events';
import { assertRebuildBus, removeUsersAccountsLacks, snapshotPages } from '@honne/service-kit';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { heldUserIdsPage, openAccount } from '../db/repos/accounts.ts';
import { recordProfileAge } from '../db/repos/spend-caps.ts';
import { TEEN_AGE_ID } from '../domain/spend-caps.ts';
import { refreshCapped } from '../ledger/minor-caps.ts';
import { removeUser } from './user-deleted.ts';

/**
 * Rebuilds points' copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: each character's age group and parent account (the monthly caps of
 * minors) and a ledger account for every user accounts knows. Balances and entries are points'
 * own and are never touched; an account already open stays as it is. Then every user points keeps
 * anything of is checked with accounts, and one it no longer has (the `accounts.user.deleted` was
 * lost) goes as the deletion handler removes them; house accounts are points' own and stay.
 */
export async function rebuildReadModels(ctx: AppContext): Promise<{ users: number; deleted: number }> {
  assertRebuildBus(ctx.bus);
  const caps = ledgerRules(ctx.config).minorCaps!;
  let users = 0;
  for await (const page of snapshotPages(ctx.bus, requests.accountsCardsPage)) {
    for (const card of page) {
      const now = ctx.clock.now();
      await openAccount(ctx.db, card.user_id, now);
      await recordProfileAge(
        ctx.db,
        { user_id: card.user_id, family_id: card.email_id, teen: card.age_id === TEEN_AGE_ID },
        now,
      );
      users++;
    }
    // The caps are the family's: decided once every character of this page is known again.
    for (const card of page) await refreshCapped(ctx.db, card.user_id, caps, ctx.clock.now());
  }
  const deleted = await removeUsersAccountsLacks(
    ctx.bus,
    (after, limit) => heldUserIdsPage(ctx.db, after, limit),
    (userId) => removeUser(ctx, userId),
  );
  return { users, deleted };
}
