import { CALL_MESSAGES, type CallSignalBody } from '@honne/contracts/calls';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { notFound, publishToUser, type Caller } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findCall } from '../db/repos/calls.ts';
import { otherSide } from '../domain/call-machine.ts';
import { relayOnlyCandidate, relayOnlySdp } from '../domain/signal-filter.ts';
import { sideOf, userOf } from './view.ts';

/**
 * Relays one p2p signalling message to the other side of the caller's call — only while the
 * call is answered or connected, and only between the two users the server paired. A call a block
 * ended is no longer live, so a blocked user's signals go nowhere. Answers whether it was relayed.
 */
export async function relaySignal(ctx: AppContext, caller: Caller, body: CallSignalBody): Promise<boolean> {
  const row = await findCall(ctx.db, body.call_id);
  const side = row ? sideOf(row, caller.userId) : null;
  if (!row || !side) throw notFound(CALL_MESSAGES.noCall);
  if (row.transport !== 'p2p' || (row.phase !== 'answered' && row.phase !== 'connected')) return false;
  // A signal of an earlier media session (before a side rejoined) would confuse the new one.
  const epoch = body.epoch ?? row.media_epoch;
  if (epoch !== row.media_epoch) return false;

  let sdp: string | null = body.sdp ?? null;
  let candidate = body.candidate ?? null;
  if (row.relay_only || row.caller_anonymous || row.callee_anonymous) {
    // An anonymous call: nothing that carries an address of the sender's own passes (ADR 0021).
    if (sdp !== null) sdp = relayOnlySdp(sdp);
    if (candidate) {
      const kept = relayOnlyCandidate(candidate.candidate);
      if (kept === undefined) return false;
      candidate = { ...candidate, candidate: kept };
    }
  }
  if ((body.kind === 'candidate') !== (candidate !== null) || (body.kind !== 'candidate' && sdp === null)) {
    return false;
  }
  await publishToUser(ctx, userOf(row, otherSide(side)), realtimeEvents.callSignal, {
    call_id: row.id,
    room_id: row.room_id,
    kind: body.kind,
    epoch,
    sdp,
    candidate,
  });
  return true;
}
