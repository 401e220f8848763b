import type { CallFacts } from './call-machine.ts';

// The seam for paid calls (the points issue): a call knows its price, its payer and when it
// connected; per-minute charging plugs in here and nothing else in the flow changes.

/** The non-owner of a priced voice pays (spec §6); friend calls and free voices have no payer. */
export function payerOf(callPrice: number, voiceOwner: string | null, caller: string, callee: string): string | null {
  if (callPrice <= 0 || voiceOwner === null) return null;
  return voiceOwner === caller ? callee : caller;
}

/**
 * Where per-minute charging stands when a call is placed (walk #4: nothing is taken without the
 * payer's yes). A voice that charges from the start (purchase_on_start) starts approved only when the
 * payer is the caller and said yes to the price while placing it (`confirmed`); our app's POST
 * without that yes is refused ('confirm'). The spec's GET placement has no way to ask, and a call
 * the owner places has its payer at the other end: both start 'requested', so the payer gets the
 * in-call approval prompt once connected and nothing is billed before they approve (ADR 0024).
 */
export function chargingAtStart(
  callPrice: number,
  purchaseOnStart: boolean,
  payerIsCaller: boolean,
  placement: { confirmed: boolean; canAsk: boolean },
): 'none' | 'requested' | 'approved' | 'confirm' {
  if (callPrice <= 0 || !purchaseOnStart) return 'none';
  if (!payerIsCaller) return 'requested';
  if (placement.confirmed) return 'approved';
  return placement.canAsk ? 'confirm' : 'requested';
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
}

/**
 * Periods due by `until`: each begun period of `time_call_price` minutes since charging began
 * (the approval, or the connection with purchase_on_start), the first at once. The server's clock
 * alone decides: the bill is the time the call stays connected, whatever the sides' pings say
 * (issue 25: a payer who pinged every 14 s instead of 5 s once halved the bill while still
 * talking). A side that stops pinging is not billed less; it is ended as dropped by the call's
 * timer (CALL_TIMERS.aliveTimeoutMs). Nothing is due before approval or on a free call.
 */
export function periodsDue(c: ChargeFacts, until: Date): number {
  if (c.charging !== 'approved' || !c.payer_id || c.call_price <= 0) return 0;
  const from = c.charging_from ?? c.connected_at;
  if (!from || until < from) return 0;
  const periodMs = Math.max(1, c.time_call_price) * 60_000;
  return Math.max(1, Math.ceil((until.getTime() - new Date(from).getTime()) / periodMs));
}
