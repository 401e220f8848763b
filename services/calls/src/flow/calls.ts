import { randomUUID } from 'node:crypto';

import { CALL_MESSAGES, type CallView } from '@honne/contracts/calls';
import { events, requests, type EventPayload } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import {
  AppError,
  assertAgeFeature,
  assertMaySpeak,
  enqueueEvent,
  notFound,
  pointsFrozen,
  publishToUser,
  type Caller,
} from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import {
  accountOf,
  chargingCalls,
  dueCalls,
  findCall,
  holdOf,
  insertCall,
  latestCallOfRoom,
  liveCallOfUser,
  liveCallsBetween,
  updateCall,
  withAccountsLocked,
} from '../db/repos/calls.ts';
import type { CallRow } from '../db/schema/index.ts';
import { countPhase, countRing } from './metrics.ts';
import { chargingAtStart, payerOf } from '../domain/billing.ts';
import { billDue } from './billing.ts';
import { callsRelay } from '../events/outbox.ts';
import {
  apply,
  deadline,
  durationSeconds,
  newCall,
  recordOf,
  stateOf,
  tick,
  type CallEvent,
  type Side,
} from '../domain/call-machine.ts';
import { hasTurn } from '../domain/call-config.ts';
import { callRoomType, decideStart, mayCall, type RoomFacts, type VoiceFacts } from '../domain/call-start.ts';
import { RING_WINDOW_SECONDS, RINGS_PER_CALLEE, RINGS_PER_CALLER, ringKeys } from '../domain/ring-limits.ts';
import { relayAnswerOf } from './signal.ts';
import { factsOf, patchOf, sideOf, userOf, viewOf } from './view.ts';

// The call flow: gathers facts (room, voice, holds), lets domain/ decide, stores the call, and
// tells both sides. Every change goes through `move()`, so each reaches both sides the same way.

const busUnavailable = (ctx: AppContext, err: unknown, what: string) => {
  ctx.log.error({ err }, `${what} did not answer`);
  return new AppError(503, 'unavailable', messages.unexpected);
};

async function roomFacts(ctx: AppContext, roomId: string): Promise<RoomFacts> {
  try {
    const r = await ctx.bus.request(requests.chatRoomParticipants, { room_id: roomId }, 3000);
    return {
      found: r.found,
      deleted: r.deleted ?? false,
      participants: r.participants,
      room_type_id: r.room_type_id ?? 0,
      topic_id: r.topic_id ?? null,
      are_friends: r.are_friends ?? false,
      blocked: r.blocked ?? false,
    };
  } catch (err) {
    throw busUnavailable(ctx, err, 'chat.room.participants');
  }
}

async function voiceFacts(ctx: AppContext, topicId: string): Promise<VoiceFacts> {
  try {
    const t = await ctx.bus.request(requests.topicsTopicGet, { topic_id: topicId }, 3000);
    return {
      found: t.found,
      is_callable: t.is_callable,
      owner_id: t.user_id,
      call_price: t.call_price,
      time_call_price: t.time_call_price,
      purchase_on_start: t.purchase_on_start,
    };
  } catch (err) {
    throw busUnavailable(ctx, err, 'topics.topic.get');
  }
}

/** Tells a side its view of the call (never a side that does not know of it). */
async function tell(ctx: AppContext, row: CallRow, side: Side): Promise<void> {
  const view = viewOf(row, side, ctx.clock.now());
  // The callee of a busy call never rang, so never hears of it.
  if (view.state === 'none') return;
  await publishToUser(ctx, userOf(row, side), realtimeEvents.callState, view);
}

/**
 * Both sides at once: their events are numbered in one Redis call and go out together (the callee's
 * ring does not wait for the caller's 'calling'). `alongside` (the callee's answer riding on
 * callanswer) is handed over in the same turn, after them, so the caller's log holds it right after
 * 'connecting' (each user's events keep the order they were handed over in).
 */
export async function tellBoth(ctx: AppContext, row: CallRow, alongside?: () => Promise<unknown>): Promise<void> {
  await Promise.all([tell(ctx, row, 'caller'), tell(ctx, row, 'callee'), alongside?.()]);
}

/**
 * The end as chat hears it (the room's call record) and points' issue reads it. Queued in calls'
 * outbox in the transaction that ends the call (`move`), so chat down at that moment only delays
 * the record (docs/adr/0007-durable-events.md).
 */
function endedEvent(ctx: AppContext, row: CallRow): EventPayload<typeof events.callEnded> {
  const facts = factsOf(row);
  const record = recordOf(facts, row.charged_points);
  const ended = row.ended_at ? new Date(row.ended_at) : ctx.clock.now();
  return {
    call_id: row.id,
    room_id: row.room_id,
    topic_id: row.topic_id,
    caller_id: row.caller_id,
    callee_id: row.callee_id,
    end_cause: row.end_cause ?? 'hangup',
    record_type: record.record_type,
    data: record.data,
    duration_seconds: row.connected_at ? durationSeconds(facts, ended) : 0,
    payer_id: row.payer_id,
    call_price: row.call_price,
    connected_at: row.connected_at ? new Date(row.connected_at).toISOString() : null,
    ended_at: ended.toISOString(),
  };
}

/** What follows an end: the room's call record relayed to chat, LiveKit's room closed, billing told. */
async function afterEnd(ctx: AppContext, row: CallRow): Promise<void> {
  const ended = row.ended_at ? new Date(row.ended_at) : ctx.clock.now();
  await callsRelay(ctx).now();
  // The periods begun before the end are owed; a payer short of them now is not chased further.
  await billDue(ctx, row.id, ended).catch((err: unknown) => ctx.log.error({ err, call: row.id }, 'final bill failed'));
  if (row.transport === 'livekit' && ctx.livekit) {
    await ctx.livekit.deleteRoom(liveKitRoomOf(row.id)).catch((err: unknown) => {
      ctx.log.warn({ err, call: row.id }, 'LiveKit room not deleted (it closes itself when empty)');
    });
  }
}

export const liveKitRoomOf = (callId: string) => `call-${callId}`;

/**
 * A paid call about to end is billed up to its end first, so the record queued with the end names
 * the points the payer's history shows (walk #45); afterEnd's own bill then finds nothing more due.
 * Only for a move that ends it: a period billed on another move would not be told to the sides.
 */
async function billBeforeEnd(ctx: AppContext, callId: string, event: CallEvent | 'tick', now: Date): Promise<void> {
  const row = await findCall(ctx.db, callId);
  if (!row || !row.payer_id || row.charging !== 'approved' || row.phase === 'ended') return;
  const f = factsOf(row);
  const moved = event === 'tick' ? null : apply(f, event, now);
  const next = event === 'tick' ? tick(f, now) : moved?.ok ? moved.call : null;
  if (next?.phase !== 'ended') return;
  await billDue(ctx, callId, now).catch((err: unknown) => ctx.log.error({ err, call: callId }, 'final bill failed'));
}

/**
 * Moves a call by one event (or its timer) and tells both sides. Answers the call after the move,
 * or the refusal of the machine as an AppError.
 */
export async function move(
  ctx: AppContext,
  callId: string,
  event: CallEvent | 'tick',
  /** Told with the sides' new views (see `tellBoth`), or alone when the move changed nothing they see. */
  alongside?: (after: CallRow) => Promise<unknown>,
): Promise<CallRow> {
  const now = ctx.clock.now();
  await billBeforeEnd(ctx, callId, event, now);
  let refusal: AppError | undefined;
  const result = await updateCall(
    ctx.db,
    callId,
    (row) => {
      const f = factsOf(row);
      if (event === 'tick') {
        const next = tick(f, now);
        return next ? patchOf(next, deadline(next)) : null;
      }
      const t = apply(f, event, now);
      if (!t.ok) {
        refusal = new AppError(409, `call_${t.reason}`, CALL_MESSAGES.noCall);
        return null;
      }
      return patchOf(t.call, deadline(t.call));
    },
    async (trx, before, after) => {
      if (before.phase !== 'ended' && after.phase === 'ended')
        await enqueueEvent(trx, events.callEnded, `ended:${after.id}`, endedEvent(ctx, after), now);
    },
  );
  if (!result) throw notFound(CALL_MESSAGES.noCall);
  if (refusal) throw refusal;
  const { before, after } = result;
  countPhase(before, after);
  // Both sides hear of every change of phase or end, and of a new media session (both rebuild).
  if (
    before.phase !== after.phase ||
    before.end_cause !== after.end_cause ||
    before.media_epoch !== after.media_epoch
  ) {
    await tellBoth(ctx, after, alongside && (() => alongside(after)));
    if (after.phase === 'connected' && after.charging === 'approved')
      await chargeFrom(ctx, after.id, after.connected_at!);
    if (after.phase === 'ended') await afterEnd(ctx, after);
  } else if (alongside) await alongside(after);
  return after;
}

/**
 * A payer whose points a moderator froze (ADR 0030) starts no paid call: refused before it rings or
 * is charged, in the words chat and points use, rather than ended at the first billed minute.
 */
export async function assertPayerNotFrozen(ctx: AppContext, payer: string): Promise<void> {
  if (await pointsFrozen(ctx.db, payer, ctx.clock.now()))
    throw new AppError(403, 'points_frozen', messages.pointsFrozen, { call_price: messages.pointsFrozen });
}

/**
 * How the call was placed: our app's POST can ask the caller to confirm a charge-from-start price
 * (and says whether they did); the spec's GET cannot ask (see chargingAtStart).
 */
export interface Placement {
  confirmed: boolean;
  canAsk: boolean;
}

/** POST /rooms/{id}/calling: the caller rings the partner of the room. */
export async function startCall(
  ctx: AppContext,
  caller: Caller,
  roomId: string,
  placement: Placement = { confirmed: false, canAsk: true },
): Promise<CallView> {
  const me = caller.userId;
  const room = await roomFacts(ctx, roomId);
  if (!room.participants.some((p) => p.user_id === me)) throw notFound();
  // A muted person places no call until the mute ends (issue 27); answering one stays allowed.
  await assertMaySpeak(ctx.db, me, ctx.clock.now());
  // Age assurance (ADR 0038): the policy may keep calls from the caller's state.
  await assertAgeFeature(ctx.db, me, 'calls');
  const voice = room.topic_id ? await voiceFacts(ctx, room.topic_id) : null;
  const may = mayCall(me, room, voice);
  if (!may.ok) {
    if (may.reason === 'not_found') throw notFound(messages.voiceGone);
    if (may.reason === 'not_friends') throw new AppError(403, 'not_friends', messages.roomNotFriends);
    if (may.reason === 'not_callable') throw new AppError(403, 'not_callable', CALL_MESSAGES.notCallable);
    throw new AppError(403, 'blocked', CALL_MESSAGES.unableToConnect);
  }
  const [myAccount, theirAccount] = await Promise.all([accountOf(ctx.db, me), accountOf(ctx.db, may.callee_id)]);
  // Two characters of one person: one account holds one call, so there is nobody else to ring
  // (it was a 500 on the second hold of the same account).
  if (myAccount === theirAccount) throw new AppError(403, 'same_account', CALL_MESSAGES.unableToConnect);
  const callPrice = voice?.call_price ?? 0;
  const payer = payerOf(callPrice, voice?.owner_id ?? null, me, may.callee_id);
  // A priced call paid by the caller is a paid call for them from the first ring (ADR 0038).
  if (callPrice > 0 && payer === me) await assertAgeFeature(ctx.db, me, 'paid_calls');
  const charging = chargingAtStart(callPrice, voice?.purchase_on_start ?? false, payer === me, placement);
  if (charging === 'confirm' || charging === 'approved') await assertPayerNotFrozen(ctx, me);
  if (charging === 'confirm') {
    const price = CALL_MESSAGES.callPriceConfirmRequired(voice?.time_call_price ?? 1, callPrice);
    throw new AppError(403, 'price_confirmation_required', price, { confirm_price: price });
  }
  const now = ctx.clock.now();
  const transport = ctx.livekit ? 'livekit' : 'p2p';
  const anonymous = may.caller_anonymous || may.callee_anonymous;
  // Peer to peer with no relay, an anonymous call would hand each side the other's addresses (ADR 0021).
  if (transport === 'p2p' && anonymous && !hasTurn(ctx.config)) {
    throw new AppError(403, 'anonymous_needs_relay', CALL_MESSAGES.anonymousNeedsRelay);
  }
  // Counted only once the call may be placed: a refused one rings nobody and uses no allowance.
  const quiet = await ringAllowance(ctx, myAccount, theirAccount);

  const outcome = await withAccountsLocked(ctx.db, [myAccount, theirAccount], async (trx) => {
    const decision = decideStart(roomId, await holdOf(trx, myAccount), await holdOf(trx, theirAccount), anonymous);
    if (decision.kind === 'already_in_call') return { kind: 'already' as const };
    if (decision.kind === 'glare') return { kind: 'glare' as const, call_id: decision.call_id };
    const busy = decision.kind === 'busy' || quiet;
    const facts = newCall(now, transport, busy);
    const row = await insertCall(
      trx,
      {
        id: randomUUID(),
        room_id: roomId,
        room_type_id: callRoomType(may.friend),
        topic_id: room.topic_id,
        caller_id: me,
        callee_id: may.callee_id,
        caller_account: myAccount,
        callee_account: theirAccount,
        caller_anonymous: may.caller_anonymous,
        callee_anonymous: may.callee_anonymous,
        relay_only: transport === 'p2p' && anonymous && hasTurn(ctx.config),
        call_price: callPrice,
        time_call_price: voice?.time_call_price ?? 1,
        payer_id: payer,
        // A confirmed purchase_on_start call charges from the connection; see chargingAtStart.
        charging,
        charging_from: null,
        billed_periods: 0,
        charged_points: 0,
        spend_cap: null,
        ...facts,
        deadline: deadline(facts),
      },
      busy
        ? [{ account_id: myAccount, user_id: me }]
        : [
            { account_id: myAccount, user_id: me },
            { account_id: theirAccount, user_id: may.callee_id },
          ],
    );
    return { kind: 'new' as const, row };
  });

  if (outcome.kind === 'already') throw new AppError(403, 'already_in_call', CALL_MESSAGES.alreadyInCall);
  if (outcome.kind === 'glare') {
    // Both pressed call at once (in this room or another of the pair's): the earlier call is
    // answered, so one call, not two; the view is of that call (its room may not be this one).
    const row = await move(ctx, outcome.call_id, { type: 'answer', by: 'callee' });
    return viewOf(row, sideOf(row, me)!, ctx.clock.now());
  }
  const row = outcome.row;
  if (transport === 'livekit' && ctx.livekit && row.phase === 'ringing') {
    await ctx.livekit.createRoom(liveKitRoomOf(row.id)).catch((err: unknown) => {
      ctx.log.error({ err, call: row.id }, 'LiveKit room not created; the first join creates it');
    });
  }
  countRing(row);
  await tellBoth(ctx, row);
  return viewOf(row, 'caller', ctx.clock.now());
}

/**
 * Counts a ring against the caller's and the callee's minute (domain/ring-limits.ts): 429 past the
 * caller's; past the callee's, true: the call goes as busy and never rings them.
 */
async function ringAllowance(ctx: AppContext, callerAccount: string, calleeAccount: string): Promise<boolean> {
  let byCaller: number, toCallee: number;
  try {
    [byCaller, toCallee] = await Promise.all([
      ctx.cache.incrWindow(ringKeys.byCaller(callerAccount), RING_WINDOW_SECONDS),
      ctx.cache.incrWindow(ringKeys.toCallee(calleeAccount), RING_WINDOW_SECONDS),
    ]);
  } catch (err) {
    // A lost cache must not stop every call (the gateway's limits skip on error too).
    ctx.log.warn({ err }, 'ring limits not counted');
    return false;
  }
  if (byCaller > RINGS_PER_CALLER) throw new AppError(429, 'rate_limited', messages.rateLimited);
  return toCallee > RINGS_PER_CALLEE;
}

/** The caller's live call in a room (404 when they are not part of it). */
async function liveCallIn(ctx: AppContext, caller: Caller, roomId: string, callId?: string | null): Promise<CallRow> {
  const row = callId ? await findCall(ctx.db, callId) : await latestCallOfRoom(ctx.db, roomId);
  if (!row || row.room_id !== roomId || !sideOf(row, caller.userId)) throw notFound(CALL_MESSAGES.noCall);
  return row;
}

/** A user who never heard of a call (the busy callee) may not act on it. */
function sideThatKnows(row: CallRow, userId: string): Side {
  const side = sideOf(row, userId);
  if (!side || stateOf(factsOf(row), side) === 'none') throw notFound(CALL_MESSAGES.noCall);
  return side;
}

/** POST /rooms/{id}/callanswer. */
export async function answerCall(
  ctx: AppContext,
  caller: Caller,
  roomId: string,
  action: 'answer' | 'refuse' | 'hangup' | 'busy',
  callId?: string | null,
  sdp?: string,
): Promise<CallView> {
  const row = await liveCallIn(ctx, caller, roomId, callId);
  const side = sideThatKnows(row, caller.userId);
  // The callee's answer to the offer it got while it rang rides on the answer (ADR 0040): the
  // caller hears of it right after 'connecting', in the same Redis call and NATS flush.
  const rides = action === 'answer' && side === 'callee' && sdp;
  const after = await move(
    ctx,
    row.id,
    { type: action, by: side },
    rides ? (a) => relayAnswerOf(ctx, a, sdp) : undefined,
  );
  return viewOf(after, side, ctx.clock.now());
}

/** POST /rooms/{id}/pingConnectRoomChat: a side's own report of its media (p2p). */
export async function reportMedia(
  ctx: AppContext,
  caller: Caller,
  roomId: string,
  state: 'connecting' | 'connected' | 'failed' | 'alive' | 'rejoin',
  callId?: string | null,
): Promise<CallView> {
  const row = await liveCallIn(ctx, caller, roomId, callId);
  const side = sideThatKnows(row, caller.userId);
  if (state === 'connecting' || row.phase === 'ended') return viewOf(row, side, ctx.clock.now());
  const report = state === 'connected' ? 'up' : state === 'failed' ? 'down' : state;
  const after = await move(ctx, row.id, { type: 'media', by: side, report });
  return viewOf(after, side, ctx.clock.now());
}

/** GET /calls/current and GET /rooms/{id}/calling: what a reconnecting client restores. */
export async function currentCall(ctx: AppContext, caller: Caller, roomId?: string): Promise<CallView | null> {
  const row = await liveCallOfUser(ctx.db, caller.userId);
  if (roomId !== undefined && row?.room_id !== roomId) {
    // Asked about a room: only its members hear even that there is no call in it.
    if (!(await roomFacts(ctx, roomId)).participants.some((p) => p.user_id === caller.userId)) throw notFound();
    return null;
  }
  if (!row) return null;
  const side = sideOf(row, caller.userId)!;
  const view = viewOf(row, side, ctx.clock.now());
  return view.state === 'none' ? null : view;
}

/** Runs every due timer once; the periodic job calls it, and tests after moving the clock. */
export async function runDueTimers(ctx: AppContext): Promise<number> {
  const ids = await dueCalls(ctx.db, ctx.clock.now());
  for (const id of ids) {
    try {
      await move(ctx, id, 'tick');
    } catch (err) {
      ctx.log.error({ err, call: id }, 'call timer failed');
    }
  }
  // Paid calls bill each period as it begins, by the server's clock.
  for (const id of await chargingCalls(ctx.db)) {
    try {
      await billAndTell(ctx, id);
    } catch (err) {
      ctx.log.error({ err, call: id }, 'paid call not billed; the next sweep retries');
    }
  }
  return ids.length;
}

/** Charging begins at `from` (approval, or the connection with purchase_on_start): one period at once. */
export async function chargeFrom(ctx: AppContext, callId: string, from: Date): Promise<void> {
  await updateCall(ctx.db, callId, (r) => (r.charging_from ? null : { charging: 'approved', charging_from: from }));
  await billAndTell(ctx, callId);
}

/** Bills what is due now; a payer who cannot pay ends the call (44), a new period is told to both. */
async function billAndTell(ctx: AppContext, callId: string): Promise<void> {
  const outcome = await billDue(ctx, callId, ctx.clock.now());
  if (outcome === 'short' || outcome === 'capped' || outcome === 'monthly_cap' || outcome === 'points_frozen') {
    const type = outcome === 'short' ? 'out_of_points' : outcome === 'capped' ? 'spend_cap' : outcome;
    await move(ctx, callId, { type }).catch(() => undefined);
    return;
  }
  const row = outcome === 'changed' ? await findCall(ctx.db, callId) : undefined;
  if (row) await tellBoth(ctx, row);
}

/**
 * A block between two users ends any call between them at once (and drops its signals after) —
 * a named call only: ending an anonymous one would tell the blocker who was in it (ADR 0020; a
 * block made inside the room ends that, see flow/room-block.ts).
 */
export async function endCallsOnBlock(ctx: AppContext, a: string, b: string): Promise<void> {
  const named = (await liveCallsBetween(ctx.db, a, b)).filter((r) => !r.caller_anonymous && !r.callee_anonymous);
  for (const row of named) {
    await move(ctx, row.id, { type: 'blocked' }).catch(() => undefined);
  }
}

/** A deleted user (or character) hangs up whatever call they were in; the partner sees it end. */
export async function endCallsOfUser(ctx: AppContext, userId: string): Promise<void> {
  const row = await liveCallOfUser(ctx.db, userId);
  const side = row ? sideOf(row, userId) : null;
  if (!row || !side) return;
  await move(ctx, row.id, { type: 'hangup', by: side }).catch(() => undefined);
}
