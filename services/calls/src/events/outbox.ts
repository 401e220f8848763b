import { events } from '@honne/contracts/events';
import { outboxRelay } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/**
 * The facts calls' outbox carries (issue 26): a call's end — chat writes the room's call record from
 * it. Queued in the transaction that ends the call, relayed right after the commit and by a job
 * every second.
 */
export const callsRelay = (ctx: AppContext) => outboxRelay(ctx, [events.callEnded]);
