import type { CallFacts } from './call-machine.ts';

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

/**
 * What the flow tells billing. The default does nothing; the points issue supplies one that
 * charges `call_price` per `time_call_price` minutes begun and, when the payer runs out, answers
 * `false` from `onMinute` so the flow ends the call.
 */
export interface CallBilling {
  onConnected(call: { id: string; payer_id: string | null; call_price: number }): Promise<void>;
  onMinute(call: { id: string; payer_id: string | null; call_price: number }, minutes: number): Promise<boolean>;
  onEnded(call: { id: string; payer_id: string | null; call_price: number }, minutes: number): Promise<void>;
}

export const noBilling: CallBilling = {
  onConnected: async () => {},
  onMinute: async () => true,
  onEnded: async () => {},
};
