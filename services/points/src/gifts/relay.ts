import { events } from '@honne/contracts/events';
import { every, relayOutbox, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/** What the points outbox carries. */
const RELAYED = [events.giftSent];

/**
 * Publishes what the ledger's transactions queued. Called right after a write (so the gift stamp
 * appears at once) and every second (so a crash or a NATS outage between commit and publish only
 * delays it). A failed publish leaves the row for the next round.
 */
export async function relayNow(ctx: AppContext): Promise<void> {
  try {
    await relayOutbox(ctx.db, ctx.bus, RELAYED, ctx.log, () => ctx.clock.now());
  } catch (err) {
    ctx.log.warn({ err }, 'outbox relay failed; the next round retries');
  }
}

export const startOutboxRelay = (ctx: AppContext): PeriodicJob =>
  every(1000, 'outbox-relay', ctx.log, () => relayNow(ctx));
