import {
  CALL_RECORD,
  CALL_TIMERS,
  DISCONNECT_CODES,
  type CallEndCause,
  type CallSignalBody,
  type CallState,
} from '@honne/contracts/calls';

// The call state machine of spec §4, on the server: pure functions of a call's facts and the
// time, so every transition and timer is tested with a hand-moved clock and no I/O.

/**
 * Where a call is as a whole. 'busy_pending': the callee was in another call, so they never ring
 * and the caller hears busy after CALL_TIMERS.busyReplyMs (spec §4 'answered with busy after 3 s').
 */
export type CallPhase = 'ringing' | 'busy_pending' | 'answered' | 'connected' | 'ended';
export type Side = 'caller' | 'callee';
export type Transport = 'p2p' | 'livekit';

export interface CallFacts {
  phase: CallPhase;
  transport: Transport;
  created_at: Date;
  answered_at: Date | null;
  connected_at: Date | null;
  ended_at: Date | null;
  end_cause: CallEndCause | null;
  /** The side that ended it (hung up, refused, went silent); null for the server's timers. */
  ended_by: Side | null;
  /** Each side's media: p2p from its own reports, LiveKit from webhooks (published audio). */
  caller_media: boolean;
  callee_media: boolean;
  /** Last sign of life of each side while connected (p2p 'alive' pings). */
  caller_seen_at: Date | null;
  callee_seen_at: Date | null;
  /** The p2p media session: both sides build a new peer connection when it moves. */
  media_epoch: number;
  /** A side's media went down while connected (reload, failed peer connection, LiveKit left). */
  rejoin_at: Date | null;
}

export type CallEvent =
  | { type: 'answer'; by: Side }
  | { type: 'refuse'; by: Side }
  | { type: 'busy'; by: Side }
  | { type: 'hangup'; by: Side }
  /**
   * A side's media: up (connected / LiveKit audio published), down (failed / left), alive, or
   * rejoin (the side restarts its media for a connected call: a reloaded page).
   */
  | { type: 'media'; by: Side; report: MediaReport }
  /** One side blocked the other: the call ends at once. */
  | { type: 'blocked' }
  /** The payer of a paid call cannot pay the next period: the server ends it. */
  | { type: 'out_of_points' }
  /** The next period would pass the cap the payer set: the server ends it. */
  | { type: 'spend_cap' }
  /** The payer is under 18 and the next period would pass their monthly cap (points said so). */
  | { type: 'monthly_cap' }
  /** The payer's points are frozen by a moderator (points said so, ADR 0030). */
  | { type: 'points_frozen' };

export type MediaReport = 'up' | 'down' | 'alive' | 'rejoin';

export type Transition =
  { ok: true; call: CallFacts; changed: boolean } | { ok: false; reason: 'not_allowed' | 'ended' };

const live = (c: CallFacts) => c.phase !== 'ended';
const other = (s: Side): Side => (s === 'caller' ? 'callee' : 'caller');
const end = (c: CallFacts, now: Date, cause: CallEndCause, by: Side | null): CallFacts => ({
  ...c,
  phase: 'ended',
  ended_at: now,
  end_cause: cause,
  ended_by: by,
});

/** A fresh call: ringing, or busy_pending when the callee is already in a call. */
export function newCall(now: Date, transport: Transport, calleeBusy: boolean): CallFacts {
  return {
    phase: calleeBusy ? 'busy_pending' : 'ringing',
    transport,
    created_at: now,
    answered_at: null,
    connected_at: null,
    ended_at: null,
    end_cause: null,
    ended_by: null,
    caller_media: false,
    callee_media: false,
    caller_seen_at: null,
    callee_seen_at: null,
    media_epoch: 0,
    rejoin_at: null,
  };
}

/** Applies one event at `now`. An event that makes no sense in the phase is refused, not ignored. */
export function apply(c: CallFacts, e: CallEvent, now: Date): Transition {
  if (!live(c)) return { ok: false, reason: 'ended' };
  const done = (call: CallFacts, changed = true): Transition => ({ ok: true, call, changed });
  switch (e.type) {
    case 'answer':
      if (e.by !== 'callee' || c.phase !== 'ringing') return { ok: false, reason: 'not_allowed' };
      return done({ ...c, phase: 'answered', answered_at: now });
    case 'refuse':
      if (e.by !== 'callee' || c.phase !== 'ringing') return { ok: false, reason: 'not_allowed' };
      return done(end(c, now, 'refuse', 'callee'));
    case 'busy':
      if (e.by !== 'callee' || c.phase !== 'ringing') return { ok: false, reason: 'not_allowed' };
      return done(end(c, now, 'busy', 'callee'));
    case 'hangup': {
      // Before the answer the caller cancels; the callee hanging up a ringing call refuses it.
      // The callee of a busy call never rang: the caller giving up leaves it a busy call.
      if (c.phase === 'busy_pending') return done(end(c, now, 'busy', 'caller'));
      if (c.phase === 'ringing') return done(end(c, now, e.by === 'caller' ? 'cancel' : 'refuse', e.by));
      if (c.phase === 'answered') return done(end(c, now, 'cancel', e.by));
      return done(end(c, now, 'hangup', e.by));
    }
    case 'media':
      return done(...media(c, e.by, e.report, now));
    case 'blocked':
      if (c.phase === 'busy_pending') return done(end(c, now, 'busy', null));
      return done(end(c, now, c.phase === 'connected' ? 'disconnect' : 'blocked', null));
    case 'out_of_points':
      return done(end(c, now, 'no_points', null));
    case 'spend_cap':
      return done(end(c, now, 'spend_cap', null));
    case 'monthly_cap':
      return done(end(c, now, 'monthly_cap', null));
    case 'points_frozen':
      return done(end(c, now, 'points_frozen', null));
  }
}

function media(c: CallFacts, by: Side, report: MediaReport, now: Date): [CallFacts, boolean] {
  const key = by === 'caller' ? 'caller_media' : 'callee_media';
  // A LiveKit caller joins while it rings: their audio is noted, the call moves on the answer.
  if (c.phase === 'ringing' || c.phase === 'busy_pending') {
    return report === 'alive' || report === 'rejoin' ? [c, false] : [{ ...c, [key]: report === 'up' }, false];
  }
  const seen = by === 'caller' ? 'caller_seen_at' : 'callee_seen_at';
  if (c.phase === 'connected' && (report === 'down' || report === 'rejoin')) return [lineDown(c, by, now), true];
  // A side whose media failed before connecting cannot talk; rejoining is for connected calls.
  if (report === 'down') return [end(c, now, 'unable_connect', by), true];
  if (report === 'rejoin') return [c, false];
  if (report === 'alive') return [{ ...c, [seen]: now }, false];
  const next: CallFacts = { ...c, [key]: true, [seen]: now };
  // Both sides' media back up: the line is whole again.
  if (next.rejoin_at && next.caller_media && next.callee_media) return [{ ...next, rejoin_at: null }, true];
  return connectIfBoth(next, now);
}

/**
 * A connected side's media went down (its page reloaded, its peer connection failed, it left the
 * LiveKit room): not yet the end — it has CALL_TIMERS.rejoinMs to be back (then `tick` ends the
 * call as a dropped line). Peer to peer, both sides rebuild their connection for a new media
 * session (a reloaded page cannot resume the old one); through LiveKit only that side rejoins.
 */
function lineDown(c: CallFacts, by: Side, now: Date): CallFacts {
  const rejoin_at = c.rejoin_at ?? now;
  if (c.transport === 'p2p') {
    return { ...c, media_epoch: c.media_epoch + 1, caller_media: false, callee_media: false, rejoin_at };
  }
  return { ...c, [by === 'caller' ? 'caller_media' : 'callee_media']: false, rejoin_at };
}

function connectIfBoth(c: CallFacts, now: Date): [CallFacts, boolean] {
  if (c.phase === 'answered' && c.caller_media && c.callee_media) {
    return [{ ...c, phase: 'connected', connected_at: now, caller_seen_at: now, callee_seen_at: now }, true];
  }
  return [c, false];
}

/** When the call's next timer fires, or null when none runs (ended, or LiveKit reports leaving). */
export function deadline(c: CallFacts): Date | null {
  const at = (d: Date, ms: number) => new Date(d.getTime() + ms);
  switch (c.phase) {
    case 'ringing':
      return at(c.created_at, CALL_TIMERS.callerMs);
    case 'busy_pending':
      return at(c.created_at, CALL_TIMERS.busyReplyMs);
    case 'answered': {
      const caller = at(c.created_at, CALL_TIMERS.callerMs).getTime();
      const callee = at(c.answered_at ?? c.created_at, CALL_TIMERS.calleeMs).getTime();
      return new Date(Math.min(caller, callee));
    }
    case 'connected': {
      const rejoin = c.rejoin_at ? c.rejoin_at.getTime() + CALL_TIMERS.rejoinMs : Infinity;
      if (c.transport === 'livekit') return c.rejoin_at ? new Date(rejoin) : null;
      const seen = Math.min((c.caller_seen_at ?? now0(c)).getTime(), (c.callee_seen_at ?? now0(c)).getTime());
      return new Date(Math.min(seen + CALL_TIMERS.aliveTimeoutMs, rejoin));
    }
    case 'ended':
      return null;
  }
}
const now0 = (c: CallFacts) => c.connected_at ?? c.created_at;

/** Runs the timer when it is due: the call ends with the cause the phase gives. */
export function tick(c: CallFacts, now: Date): CallFacts | null {
  const due = deadline(c);
  if (!due || due.getTime() > now.getTime()) return null;
  switch (c.phase) {
    case 'ringing':
      return end(c, now, 'missed', null);
    case 'busy_pending':
      return end(c, now, 'busy', null);
    case 'answered':
      return end(c, now, 'unable_connect', null);
    case 'connected': {
      // The side whose media did not come back, else the one heard from least recently, is the
      // one whose line dropped.
      const callerSeen = (c.caller_seen_at ?? now0(c)).getTime();
      const calleeSeen = (c.callee_seen_at ?? now0(c)).getTime();
      const leastSeen: Side = callerSeen <= calleeSeen ? 'caller' : 'callee';
      if (c.rejoin_at && c.caller_media !== c.callee_media) {
        return end(c, now, 'disconnect', c.caller_media ? 'callee' : 'caller');
      }
      return end(c, now, 'disconnect', leastSeen);
    }
    default:
      return null;
  }
}

/** The spec's call state of one side. */
export function stateOf(c: CallFacts, side: Side): CallState {
  switch (c.phase) {
    case 'ringing':
      return side === 'caller' ? 'calling' : 'receiving';
    case 'busy_pending':
      // The callee is in another call and never hears of this one.
      return side === 'caller' ? 'calling' : 'none';
    case 'answered':
      return side === 'caller' ? 'connecting' : 'waiting_connect';
    case 'connected':
      return 'connected';
    case 'ended':
      return endStateOf(c, side);
  }
}

function endStateOf(c: CallFacts, side: Side): CallState {
  switch (c.end_cause) {
    case 'refuse':
      return side === 'caller' ? 'refuse' : 'end';
    case 'busy':
      return side === 'caller' ? 'busy' : c.ended_by === 'callee' ? 'end' : 'none';
    case 'unable_connect':
    case 'blocked':
      return 'unable_connect';
    case 'disconnect':
    case 'no_points':
      return 'disconnect';
    case 'hangup':
      // Spec §4 'ended or disconnected': the side that hung up ended its call; the other side's
      // line was cut by the partner ('切断されました。11').
      return c.ended_by === null || c.ended_by === side ? 'end' : 'disconnect';
    default:
      return 'end';
  }
}

/** The '切断されました。' suffix for a side of a disconnected call (spec §8; DISCONNECT_CODES). */
export function disconnectCode(c: CallFacts, side: Side): number | null {
  // Out of points is the server's doing (44), as a timer's or a block's is.
  if (c.end_cause === 'no_points') return DISCONNECT_CODES.server;
  if (c.end_cause === 'hangup')
    return c.ended_by !== null && c.ended_by !== side ? DISCONNECT_CODES.partnerHungUp : null;
  if (c.end_cause !== 'disconnect') return null;
  if (c.ended_by === null) return DISCONNECT_CODES.server;
  return c.ended_by === side ? DISCONNECT_CODES.selfLost : DISCONNECT_CODES.partnerLost;
}

/** Talk time in whole seconds: from connected to the end (or to now while it lasts). */
export function durationSeconds(c: CallFacts, now: Date): number {
  if (!c.connected_at) return 0;
  const until = c.ended_at ?? now;
  return Math.max(0, Math.floor((until.getTime() - c.connected_at.getTime()) / 1000));
}

/**
 * The room's call record (message types 5–8) for an ended call; `data` as chat stores it. A call
 * that connected says its talk time in seconds ('65'), and a paid one also what it cost, after a
 * colon ('65:100'), so both sides' records name the points their histories show (walk #45).
 */
export function recordOf(c: CallFacts, chargedPoints = 0): { record_type: number; data: string } {
  if (c.connected_at) {
    const seconds = String(durationSeconds(c, c.ended_at!));
    return { record_type: CALL_RECORD.success, data: chargedPoints > 0 ? `${seconds}:${chargedPoints}` : seconds };
  }
  switch (c.end_cause) {
    case 'missed':
      return { record_type: CALL_RECORD.missed, data: 'missed' };
    case 'cancel':
      return { record_type: CALL_RECORD.cancel, data: 'cancel' };
    default:
      return { record_type: CALL_RECORD.miss, data: c.end_cause ?? 'unable_connect' };
  }
}

/**
 * Whether the server relays one side's p2p signal in this phase. Once answered (or connected),
 * both ways. While it rings, only the caller's offer and candidates, to the ringing callee: its
 * page keeps them until the answer, so its answer leaves at once instead of waiting for the
 * offer's relay after it (call set-up time, ADR 0040). Nothing of the callee's passes before it
 * answers, so nothing the caller sends can be heard: media needs the callee's answer. Not while
 * busy_pending (that callee never rang) nor after the end.
 */
export function relaysSignal(
  phase: CallPhase,
  transport: Transport,
  from: Side,
  kind: CallSignalBody['kind'],
): boolean {
  if (transport !== 'p2p') return false;
  if (phase === 'answered' || phase === 'connected') return true;
  return phase === 'ringing' && from === 'caller' && kind !== 'answer';
}

export { other as otherSide };
