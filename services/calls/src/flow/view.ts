import type { CallView } from '@honne/contracts/calls';

import { disconnectCode, durationSeconds, stateOf, type CallFacts, type Side } from '../domain/call-machine.ts';
import type { CallRow, CallsTable } from '../db/schema/index.ts';

export const factsOf = (r: CallRow): CallFacts => ({
  phase: r.phase,
  transport: r.transport,
  created_at: new Date(r.created_at),
  answered_at: r.answered_at && new Date(r.answered_at),
  connected_at: r.connected_at && new Date(r.connected_at),
  ended_at: r.ended_at && new Date(r.ended_at),
  end_cause: r.end_cause,
  ended_by: r.ended_by,
  caller_media: r.caller_media,
  callee_media: r.callee_media,
  caller_seen_at: r.caller_seen_at && new Date(r.caller_seen_at),
  callee_seen_at: r.callee_seen_at && new Date(r.callee_seen_at),
  media_epoch: r.media_epoch,
  rejoin_at: r.rejoin_at && new Date(r.rejoin_at),
});

/** The columns a transition writes. */
export const patchOf = (f: CallFacts, deadline: Date | null): Partial<CallsTable> => ({ ...f, deadline });

export const sideOf = (r: CallRow, userId: string): Side | null =>
  r.caller_id === userId ? 'caller' : r.callee_id === userId ? 'callee' : null;

export const userOf = (r: CallRow, side: Side) => (side === 'caller' ? r.caller_id : r.callee_id);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The call as one side sees it. It names nobody: the partner's card comes from the room, with
 * anonymity applied there, so an anonymous call reveals no id, name or avatar through this view.
 */
export function viewOf(r: CallRow, side: Side, now: Date): CallView {
  const f = factsOf(r);
  const me = userOf(r, side);
  return {
    id: r.id,
    room_id: r.room_id,
    room_type_id: r.room_type_id,
    topic_id: r.topic_id,
    role: side,
    state: stateOf(f, side),
    end_cause: r.end_cause,
    disconnect_code: disconnectCode(f, side),
    transport: r.transport,
    ice_transport_policy: r.relay_only ? 'relay' : 'all',
    offerer: side === 'caller',
    is_anonymous: side === 'caller' ? r.caller_anonymous : r.callee_anonymous,
    partner_anonymous: side === 'caller' ? r.callee_anonymous : r.caller_anonymous,
    call_price: r.call_price,
    time_call_price: r.time_call_price,
    i_pay: r.payer_id !== null && r.payer_id === me,
    charging: r.charging,
    charged_points: r.charged_points,
    spend_cap: r.spend_cap,
    created_at: iso(r.created_at)!,
    answered_at: iso(r.answered_at),
    connected_at: iso(r.connected_at),
    ended_at: iso(r.ended_at),
    duration_seconds: durationSeconds(f, now),
    review: r.phase === 'ended' && r.connected_at !== null && r.payer_id === me && r.call_price > 0,
    at: now.toISOString(),
    media_epoch: r.media_epoch,
  };
}
