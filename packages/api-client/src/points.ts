import { dataOf, realtimeEvents } from '@honne/contracts/realtime-events';

import type { RealtimeHub } from './realtime-hub.ts';

/**
 * Calls `listener` with the user's new balance each time the ledger moves it (a gift given or
 * received, a paid chat, a call minute, a purchase in another tab). Returns the unsubscribe.
 */
export function onBalanceChanged(realtime: RealtimeHub, listener: (balance: number) => void): () => void {
  return realtime.subscribe((event) => {
    const changed = dataOf(event, realtimeEvents.pointsChanged);
    if (changed) listener(changed.balance);
  });
}
