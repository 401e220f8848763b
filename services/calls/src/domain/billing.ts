import { CALL_TIMERS } from '@honne/contracts/calls';

import { GAP_AFTER_MS, type CallFacts } from './call-machine.ts';

// The seam for paid calls (the points issue): a call knows its price, its payer and when it
// connected; per-minute charging plugs in here and nothing else in the flow changes.

/** The non-owner of a priced voice pays (spec §6); friend calls and free voices have no payer. */
export function payerOf(callPrice: number, voiceOwner: string | null, caller: string, callee: string): string | null {
  if (callPrice <= 0 || voiceOwner === null) return null;
  return voiceOwner === caller ? callee : caller;
}

/** Minutes begun since the call connected (what a per-minute charge counts; 0 before connecting). */
export function minutesBegun(c: Pick<CallFacts, 'connected_at' | 'ended_at'>, now: Date): number {
  if (!c.connected_at) return 0;
  const until = (c.ended_at ?? now).getTime();
  return Math.max(0, Math.ceil((until - c.connected_at.getTime()) / 60_000));
}

/** What the bill reads of a call. */
export interface ChargeFacts {
  payer_id: string | null;
  call_price: number;
  time_call_price: number;
  charging: 'none' | 'requested' | 'approved' | 'refused';
  charging_from: Date | null;
  connected_at: Date | null;
  transport: 'p2p' | 'livekit';
  paused_ms: number;
  paused_until: Date | null;
  caller_seen_at: Date | null;
  callee_seen_at: Date | null;
}

/**
 * Time the line is down right now (p2p: a side silent past GAP_AFTER_MS), not yet in `paused_ms`.
 * LiveKit reports a dropped side by webhook and the call ends, so it has no such time.
 */
function downNow(c: ChargeFacts, until: Date): number {
  if (c.transport !== 'p2p' || !c.caller_seen_at || !c.callee_seen_at) return 0;
  const last = Math.min(new Date(c.caller_seen_at).getTime(), new Date(c.callee_seen_at).getTime());
  if (until.getTime() - last <= GAP_AFTER_MS) return 0;
  const start = Math.max(last + CALL_TIMERS.aliveEveryMs, c.paused_until ? new Date(c.paused_until).getTime() : 0);
  return Math.max(0, until.getTime() - start);
}

/**
 * Periods due by `until`: each begun period of `time_call_price` minutes since charging began
 * (the approval, or the connection with purchase_on_start), the first at once. The server's clock
 * decides; the pings only tell when the line was down, and that time is left out. Nothing is due
 * before approval or on a free call.
 */
export function periodsDue(c: ChargeFacts, until: Date): number {
  if (c.charging !== 'approved' || !c.payer_id || c.call_price <= 0) return 0;
  const from = c.charging_from ?? c.connected_at;
  if (!from || until < from) return 0;
  const periodMs = Math.max(1, c.time_call_price) * 60_000;
  // Talk time only: the minutes the line was down (a reconnect's gap) are not billed.
  const talked = until.getTime() - new Date(from).getTime() - c.paused_ms - downNow(c, until);
  return Math.max(1, Math.ceil(talked / periodMs));
}
