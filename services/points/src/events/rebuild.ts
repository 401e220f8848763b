import { requests } from '@honne/contracts/events';
import { snapshotPages } from '@honne/service-kit';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { openAccount } from '../db/repos/accounts.ts';
import { recordProfileAge } from '../db/repos/spend-caps.ts';
import { TEEN_AGE_ID } from '../domain/spend-caps.ts';
import { refreshCapped } from '../ledger/minor-caps.ts';

/**
 * Rebuilds points' copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: each character's age group and parent account (the monthly caps of
 * minors) and a ledger account for every user accounts knows. Balances and entries are points'
 * own and are never touched; an account already open stays as it is.
 */
export async function rebuildReadModels(ctx: AppContext): Promise<{ users: number }> {
  if (ctx.bus.kind === 'in-process') throw new Error('rebuild needs NATS_URL: accounts answers over the bus');
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
  return { users };
}
