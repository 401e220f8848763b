/**
 * Whole values of the contracts' shapes for tests, on the servers and in the frontends alike: a
 * test states only the fields it is about and takes the rest from here.
 */
import type { CallView } from './calls.ts';

/** A person's view of a call, as calls puts it on their real-time stream: a free p2p call they place, ringing out. */
export const callView = (over: Partial<CallView> = {}): CallView => ({
  id: 'c1',
  room_id: 'r1',
  room_type_id: 4,
  topic_id: 't1',
  role: 'caller',
  state: 'calling',
  end_cause: null,
  disconnect_code: null,
  transport: 'p2p',
  ice_transport_policy: 'all',
  offerer: true,
  is_anonymous: false,
  partner_anonymous: false,
  call_price: 0,
  time_call_price: 1,
  i_pay: false,
  charging: 'none',
  charged_points: 0,
  spend_cap: null,
  created_at: '2026-11-23T22:00:00.000Z',
  answered_at: null,
  connected_at: null,
  ended_at: null,
  duration_seconds: 0,
  review: false,
  at: '2026-11-23T22:00:00.000Z',
  media_epoch: 0,
  ...over,
});
