import { every, removalsEndedBetween, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { announceVoicesOf } from '../events/publish.ts';

// As often as the purge (spec §9: 60 s): a voice that comes back a minute late is back at the next fetch anyway.
export const LAPSED_REMOVALS_INTERVAL_MS = 60_000;

/**
 * Open lists heard `topic.hidden` when a person was suspended (events/moderation.ts); when the
 * suspension runs out no event comes, so this looks, from the moment it is made, for removals that
 * ended since its last look and announces those people's live voices as they now stand (a voice
 * hidden on its own, or under a ban too, is told hidden again). A look missed while no instance ran
 * is not made up: those voices come back on the lists' next fetch. Several instances each announce;
 * an announcement is the state, so a second one changes nothing.
 */
export function lapsedRemovals(ctx: AppContext): { check(): Promise<number> } {
  let since = ctx.clock.now();
  return {
    async check() {
      const now = ctx.clock.now();
      const users = await removalsEndedBetween(ctx.db, since, now);
      since = now;
      return announceVoicesOf(ctx, users);
    },
  };
}

export function startLapsedRemovalsTimer(ctx: AppContext, intervalMs = LAPSED_REMOVALS_INTERVAL_MS): PeriodicJob {
  const lapsed = lapsedRemovals(ctx);
  return every(intervalMs, 'lapsed-removals', ctx.log, () => lapsed.check());
}
