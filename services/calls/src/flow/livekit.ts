import { CALL_MESSAGES, type LiveKitToken } from '@honne/contracts/calls';
import { AppError, notFound, unauthorized, type Caller } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findCall } from '../db/repos/calls.ts';
import type { Side } from '../domain/call-machine.ts';
import { liveKitRoomOf, move } from './calls.ts';
import { sideOf } from './view.ts';

/**
 * POST /calls/{id}/token: a side of a live LiveKit call joins its room. The identity is the side
 * ('caller'/'callee'), the name empty and the metadata only the call and the side, so nothing in
 * the room names the user — anonymous or not, the overlay takes names from the room's card.
 */
export async function liveKitToken(ctx: AppContext, caller: Caller, callId: string): Promise<LiveKitToken> {
  const row = await findCall(ctx.db, callId);
  const side = row ? sideOf(row, caller.userId) : null;
  if (!row || !side) throw notFound(CALL_MESSAGES.noCall);
  if (!ctx.livekit || row.transport !== 'livekit') {
    throw new AppError(409, 'not_livekit', CALL_MESSAGES.unableToConnect);
  }
  // The caller may join while it rings (so audio starts the moment the callee answers).
  const joinable =
    row.phase === 'answered' || row.phase === 'connected' || (row.phase === 'ringing' && side === 'caller');
  if (!joinable) throw new AppError(409, 'call_not_live', CALL_MESSAGES.noCall);
  const roomName = liveKitRoomOf(row.id);
  const participantToken = await ctx.livekit.mintParticipantToken({
    room: roomName,
    identity: side,
    name: '',
    metadata: JSON.stringify({ call_id: row.id, role: side }),
  });
  return { serverUrl: ctx.livekit.config.publicUrl, roomName, participantToken };
}

const sides: readonly string[] = ['caller', 'callee'];

/**
 * POST /calls/livekit/webhook: LiveKit tells who joined, published or left. Connected means both
 * sides published audio; a side leaving a connected call has CALL_TIMERS.rejoinMs to publish
 * again (a reload), or the call ends as its dropped line. Unsigned or forged: 401.
 */
export async function liveKitWebhook(ctx: AppContext, body: string, authorization: string | undefined): Promise<void> {
  if (!ctx.livekit) throw notFound();
  let event;
  try {
    event = await ctx.livekit.receiveWebhook(body, authorization);
  } catch {
    throw unauthorized();
  }
  const name = event.room?.name ?? '';
  const identity = event.participant?.identity ?? '';
  if (!name.startsWith('call-') || !sides.includes(identity)) return;
  const callId = name.slice('call-'.length);
  const side = identity as Side;
  const isAudio = event.track ? event.track.type === 0 : false; // TrackType.AUDIO
  let report: 'up' | 'down' | undefined;
  if (event.event === 'track_published' && isAudio) report = 'up';
  if (event.event === 'participant_left') report = 'down';
  if (!report) return;
  const row = await findCall(ctx.db, callId);
  if (!row || row.phase === 'ended') return;
  // A reloaded page joins again as the same side; its old session's leaving may be told after.
  if (report === 'down' && row.phase === 'connected') {
    const back = await ctx.livekit
      .rejoinedAs(name, identity, event.participant?.sid ?? '')
      .catch((err: unknown) => (ctx.log.warn({ err, call: callId }, 'LiveKit participants not listed'), false));
    if (back) return;
  }
  await move(ctx, callId, { type: 'media', by: side, report }).catch((err: unknown) => {
    ctx.log.warn({ err, call: callId }, 'LiveKit webhook did not move the call');
  });
}
