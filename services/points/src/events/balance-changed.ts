import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { announceBalances } from '../gifts/balances.ts';

/** A committed transfer, relayed from the outbox: its users' sockets hear their balances as they are now. */
export function onBalanceChanged(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(events.balanceChanged, (e) => announceBalances(ctx, e.user_ids), serviceQueue(ctx));
}
