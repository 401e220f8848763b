import { productCounter, productHistogram } from '@honne/service-kit';

import type { CallRow } from '../db/schema/index.ts';

// What calls feel like to people (issue 29), by transport and end cause: never a call or a user.

const rings = productCounter('honne_calls_rings_total', 'Calls placed (the partner rings), by transport', [
  'transport',
]);
const connected = productCounter('honne_calls_connected_total', 'Calls whose media connected, by transport', [
  'transport',
]);
const failed = productCounter('honne_calls_failed_total', 'Answered calls that ended before their media connected', [
  'transport',
  'cause',
]);
/** The SLO "a call connected within 1.5 s p95 after the answer" reads this. */
const setup = productHistogram(
  'honne_calls_setup_seconds',
  'From the answer to connected media, by transport',
  ['transport'],
  [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10],
);

export function countRing(row: CallRow): void {
  rings.inc({ transport: row.transport });
}

/** After a move that changed the call's phase. */
export function countPhase(before: CallRow, after: CallRow): void {
  if (before.phase === after.phase) return;
  if (after.phase === 'connected' && !before.connected_at) {
    connected.inc({ transport: after.transport });
    if (after.answered_at && after.connected_at)
      setup.observe(
        { transport: after.transport },
        Math.max(0, new Date(after.connected_at).getTime() - new Date(after.answered_at).getTime()) / 1000,
      );
  }
  if (after.phase === 'ended' && after.answered_at && !after.connected_at)
    failed.inc({ transport: after.transport, cause: after.end_cause ?? 'unknown' });
}
