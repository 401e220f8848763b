import { realtimeEvents } from '@honne/contracts/realtime-events';
import { publishToUser } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { balanceOf } from '../db/repos/accounts.ts';

/** Each user's balance as it is now, to their sockets (`points.balance_changed`): every screen that shows it follows. */
export async function announceBalances(ctx: AppContext, userIds: readonly string[]): Promise<void> {
  for (const userId of new Set(userIds)) {
    await publishToUser(ctx, userId, realtimeEvents.pointsChanged, { balance: await balanceOf(ctx.db, userId) });
  }
}
