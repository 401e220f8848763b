import { requests } from '@honne/contracts/events';
import { snapshotPages } from '@honne/service-kit';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { deleteAccount, openAccount, usersKnown } from '../db/repos/accounts.ts';
import { recordProfileAge } from '../db/repos/spend-caps.ts';
import { TEEN_AGE_ID } from '../domain/spend-caps.ts';
import { refreshCapped } from '../ledger/minor-caps.ts';

/**
 * Rebuilds points' copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: each character's age group and parent account (the monthly caps of
 * minors) and a ledger account for every user accounts knows. Balances and entries are points'
 * own and are never touched; an account already open stays as it is. A user points knew when the
 * rebuild started whom the whole snapshot leaves out was deleted (the `accounts.user.deleted` was
 * lost): their data goes as the deletion handler removes it.
 */
export async function rebuildReadModels(ctx: AppContext): Promise<{ users: number; deleted: number }> {
  if (ctx.bus.kind === 'in-process') throw new Error('rebuild needs NATS_URL: accounts answers over the bus');
  const caps = ledgerRules(ctx.config).minorCaps!;
  // Listed before the first page is asked: each of them registered before the snapshot began, so
  // every page read later holds them unless they were deleted. One who registers meanwhile is on
  // no page, but is not listed either, so they stay.
  const known = await usersKnown(ctx.db);
  const existing = new Set<string>();
  let users = 0;
  for await (const page of snapshotPages(ctx.bus, requests.accountsCardsPage)) {
    for (const card of page) {
      existing.add(card.user_id);
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
  // Only once the snapshot is complete: a user absent from one page may sit on a later one.
  let deleted = 0;
  for (const userId of known)
    if (!existing.has(userId)) {
      await deleteAccount(ctx.db, userId);
      ctx.log.info({ user_id: userId }, 'ledger account of a deleted user removed');
      deleted++;
    }
  return { users, deleted };
}
