import { requests } from '@honne/contracts/events';

import type { AppContext } from '../context.ts';
import { findCall, updateCall } from '../db/repos/calls.ts';
import type { CallRow } from '../db/schema/index.ts';
import { periodsDue } from '../domain/billing.ts';

/** Who receives a paid call's points: the side that does not pay (the voice's owner). */
const payeeOf = (row: CallRow) => (row.payer_id === row.caller_id ? row.callee_id : row.caller_id);

/**
 * Bills a paid call up to `until`: each period due and not yet billed is one points transfer,
 * keyed `call:<id>:<period>`, so two instances, a retry or a restart bill it once. Answers
 * 'short' when the payer cannot pay the next period (nothing is written for it), 'capped' when it
 * would pass the payer's cap for the call (nothing written either), 'changed' when a period was
 * billed, 'same' otherwise.
 */
export async function billDue(
  ctx: AppContext,
  callId: string,
  until: Date,
): Promise<'same' | 'changed' | 'short' | 'capped' | 'monthly_cap' | 'points_frozen'> {
  let outcome: 'same' | 'changed' = 'same';
  for (;;) {
    const row = await findCall(ctx.db, callId);
    if (!row || !row.payer_id) return outcome;
    const period = row.billed_periods + 1;
    if (period > periodsDue(row, until)) return outcome;
    if (row.spend_cap !== null && period * row.call_price > row.spend_cap) return 'capped';
    const answer = await ctx.bus.request(requests.pointsTransfer, {
      key: `call:${row.id}:${period}`,
      kind: 'call_minute',
      from: row.payer_id,
      to: payeeOf(row),
      amount: row.call_price,
      call_id: row.id,
      room_id: row.room_id,
    });
    if (answer.status === 'insufficient') return 'short';
    // A payer under 18 at their monthly cap (points service): the call ends, and the payer is told why.
    if (answer.status === 'monthly_cap') return 'monthly_cap';
    if (answer.status === 'frozen') return 'points_frozen';
    if (answer.status !== 'done') throw new Error(`points refused call:${row.id}:${period} (${answer.status})`);
    await updateCall(ctx.db, callId, (r) =>
      r.billed_periods >= period ? null : { billed_periods: period, charged_points: period * r.call_price },
    );
    outcome = 'changed';
  }
}
