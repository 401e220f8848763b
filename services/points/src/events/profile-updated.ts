import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { ledgerRules } from '../config.ts';
import { recordProfileAge } from '../db/repos/spend-caps.ts';
import { TEEN_AGE_ID } from '../domain/spend-caps.ts';
import { refreshCapped } from '../ledger/minor-caps.ts';

/** The profile's age group and parent account, for the monthly spend caps of minors (durable: none is missed). */
export function onProfileUpdated(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(
    events.userProfileUpdated,
    async (p) => {
      await recordProfileAge(
        ctx.db,
        { user_id: p.user_id, family_id: p.email_id, teen: p.age_id === TEEN_AGE_ID },
        ctx.clock.now(),
      );
      await refreshCapped(ctx.db, p.user_id, ledgerRules(ctx.config).minorCaps, ctx.clock.now());
    },
    serviceQueue(ctx),
  );
}
