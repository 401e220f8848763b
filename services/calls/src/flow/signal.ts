import { CALL_MESSAGES, type CallSignalBody } from '@honne/contracts/calls';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { notFound, publishToUser, type Caller } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findCall } from '../db/repos/calls.ts';
import type { CallRow } from '../db/schema/index.ts';
import { otherSide, relaysSignal, type Side } from '../domain/call-machine.ts';
import { relayOnlyCandidate, relayOnlySdp } from '../domain/signal-filter.ts';
import { sideOf, userOf } from './view.ts';

/**
 * Relays one p2p signalling message to the other side of the caller's call — in the phases
 * `relaysSignal` allows (the caller's offer already while it rings), and only between the two
 * users the server paired. A call a block ended is no longer live, so a blocked user's signals go
 * nowhere. Answers whether it was relayed.
 */
export async function relaySignal(ctx: AppContext, caller: Caller, body: CallSignalBody): Promise<boolean> {
  const row = await findCall(ctx.db, body.call_id);
  const side = row ? sideOf(row, caller.userId) : null;
  if (!row || !side) throw notFound(CALL_MESSAGES.noCall);
  if (!relaysSignal(row.phase, row.transport, side, body.kind)) return false;
  // A signal of an earlier media session (before a side rejoined) would confuse the new one.
  const epoch = body.epoch ?? row.media_epoch;
  if (epoch !== row.media_epoch) return false;

  return forward(ctx, row, side, body.kind, epoch, body.sdp ?? null, body.candidate ?? null);
}

/**
 * The callee's SDP answer that rode on its `callanswer` (ADR 0040): relayed to the caller like an
 * answer signal of the call's current media session, once the call is answered.
 */
export async function relayAnswerOf(ctx: AppContext, row: CallRow, sdp: string): Promise<boolean> {
  if (!relaysSignal(row.phase, row.transport, 'callee', 'answer')) return false;
  return forward(ctx, row, 'callee', 'answer', row.media_epoch, sdp, null);
}

/** Filters (anonymous calls) and hands one signal to the other side. */
async function forward(
  ctx: AppContext,
  row: CallRow,
  side: Side,
  kind: CallSignalBody['kind'],
  epoch: number,
  rawSdp: string | null,
  rawCandidate: NonNullable<CallSignalBody['candidate']> | null,
): Promise<boolean> {
  let sdp = rawSdp;
  let candidate = rawCandidate;
  if (row.relay_only || row.caller_anonymous || row.callee_anonymous) {
    // An anonymous call: nothing that carries an address of the sender's own passes (ADR 0021),
    // whenever it is sent (while it rings, or on the answer) and however (signal or callanswer).
    if (sdp !== null) sdp = relayOnlySdp(sdp);
    if (candidate) {
      const kept = relayOnlyCandidate(candidate.candidate);
      if (kept === undefined) return false;
      candidate = { ...candidate, candidate: kept };
    }
  }
  if ((kind === 'candidate') !== (candidate !== null) || (kind !== 'candidate' && sdp === null)) {
    return false;
  }
  await publishToUser(ctx, userOf(row, otherSide(side)), realtimeEvents.callSignal, {
    call_id: row.id,
    room_id: row.room_id,
    kind,
    epoch,
    sdp,
    candidate,
  });
  return true;
}
