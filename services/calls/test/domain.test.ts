import { CALL_RECORD, CALL_TIMERS, DISCONNECT_CODES } from '@honne/contracts/calls';
import { ManualClock } from '@honne/service-kit';
import { describe, expect, it } from 'vitest';

import { minutesBegun, payerOf } from '../src/domain/billing.ts';
import { callConfigFor, turnCredential } from '../src/domain/call-config.ts';
import {
  apply,
  deadline,
  disconnectCode,
  durationSeconds,
  newCall,
  recordOf,
  stateOf,
  relaysSignal,
  tick,
  type CallEvent,
  type CallFacts,
  type CallPhase,
} from '../src/domain/call-machine.ts';
import { decideStart, mayCall, type Hold, type RoomFacts } from '../src/domain/call-start.ts';
import { parseCandidate, relayOnlyCandidate, relayOnlySdp } from '../src/domain/signal-filter.ts';

// Every transition and timer of the call state machine (spec §4) with a hand-moved clock.

function run(c: CallFacts, e: CallEvent, now: Date): CallFacts {
  const t = apply(c, e, now);
  if (!t.ok) throw new Error(`refused: ${t.reason}`);
  return t.call;
}
const both = (c: CallFacts) => [stateOf(c, 'caller'), stateOf(c, 'callee')];

/** A call brought to connected over p2p: answered, then both sides report audio. */
function connected(clock: ManualClock, transport: 'p2p' | 'livekit' = 'p2p'): CallFacts {
  let c = newCall(clock.now(), transport, false);
  clock.advance(2000);
  c = run(c, { type: 'answer', by: 'callee' }, clock.now());
  clock.advance(500);
  c = run(c, { type: 'media', by: 'caller', report: 'up' }, clock.now());
  c = run(c, { type: 'media', by: 'callee', report: 'up' }, clock.now());
  return c;
}

describe('call state machine', () => {
  it('rings: none → calling on the caller, receiving on the callee, with the 60 s timer', () => {
    const clock = new ManualClock();
    const c = newCall(clock.now(), 'p2p', false);
    expect(both(c)).toEqual(['calling', 'receiving']);
    expect(deadline(c)!.getTime() - clock.now().getTime()).toBe(CALL_TIMERS.callerMs);
  });

  it('answer → connecting / waiting_connect → connected once both sides have audio', () => {
    const clock = new ManualClock();
    let c = newCall(clock.now(), 'p2p', false);
    c = run(c, { type: 'answer', by: 'callee' }, clock.now());
    expect(both(c)).toEqual(['connecting', 'waiting_connect']);
    c = run(c, { type: 'media', by: 'caller', report: 'up' }, clock.now());
    expect(c.phase).toBe('answered');
    clock.advance(1500);
    c = run(c, { type: 'media', by: 'callee', report: 'up' }, clock.now());
    expect(both(c)).toEqual(['connected', 'connected']);
    expect(c.connected_at).toEqual(clock.now());
  });

  it('only the callee answers, refuses or says busy, and only while it rings', () => {
    const clock = new ManualClock();
    const c = newCall(clock.now(), 'p2p', false);
    expect(apply(c, { type: 'answer', by: 'caller' }, clock.now())).toEqual({ ok: false, reason: 'not_allowed' });
    const answered = run(c, { type: 'answer', by: 'callee' }, clock.now());
    expect(apply(answered, { type: 'answer', by: 'callee' }, clock.now())).toEqual({
      ok: false,
      reason: 'not_allowed',
    });
    expect(apply(answered, { type: 'refuse', by: 'callee' }, clock.now())).toEqual({
      ok: false,
      reason: 'not_allowed',
    });
  });

  it('refuse: the caller sees refuse, the callee end; recorded as type 8', () => {
    const clock = new ManualClock();
    const c = run(newCall(clock.now(), 'p2p', false), { type: 'refuse', by: 'callee' }, clock.now());
    expect(both(c)).toEqual(['refuse', 'end']);
    expect(recordOf(c)).toEqual({ record_type: CALL_RECORD.miss, data: 'refuse' });
    expect(apply(c, { type: 'hangup', by: 'caller' }, clock.now())).toEqual({ ok: false, reason: 'ended' });
  });

  it('the callee hanging up a ringing call refuses it', () => {
    const clock = new ManualClock();
    const c = run(newCall(clock.now(), 'p2p', false), { type: 'hangup', by: 'callee' }, clock.now());
    expect(c.end_cause).toBe('refuse');
    expect(both(c)).toEqual(['refuse', 'end']);
  });

  it('busy said by the callee: the caller sees busy at once', () => {
    const clock = new ManualClock();
    const c = run(newCall(clock.now(), 'p2p', false), { type: 'busy', by: 'callee' }, clock.now());
    expect(both(c)).toEqual(['busy', 'end']);
    expect(recordOf(c).record_type).toBe(CALL_RECORD.miss);
  });

  it('a caller who hangs up while it rings cancels: both end, recorded as type 7', () => {
    const clock = new ManualClock();
    let c = newCall(clock.now(), 'p2p', false);
    clock.advance(4000);
    c = run(c, { type: 'hangup', by: 'caller' }, clock.now());
    expect(c.end_cause).toBe('cancel');
    expect(both(c)).toEqual(['end', 'end']);
    expect(recordOf(c)).toEqual({ record_type: CALL_RECORD.cancel, data: 'cancel' });
    expect(deadline(c)).toBeNull();
  });

  it('hang up while connected: the one who hung up ends, the partner is cut off with 11; type 6 with the talk time', () => {
    const clock = new ManualClock();
    let c = connected(clock);
    clock.advance(95_400);
    expect(durationSeconds(c, clock.now())).toBe(95);
    c = run(c, { type: 'hangup', by: 'callee' }, clock.now());
    expect(c.end_cause).toBe('hangup');
    expect(both(c)).toEqual(['disconnect', 'end']);
    expect(disconnectCode(c, 'caller')).toBe(DISCONNECT_CODES.partnerHungUp);
    expect(disconnectCode(c, 'callee')).toBeNull();
    expect(recordOf(c)).toEqual({ record_type: CALL_RECORD.success, data: '95' });
    // The caller hanging up cuts the callee off the same way.
    const other = run(connected(new ManualClock()), { type: 'hangup', by: 'caller' }, clock.now());
    expect(both(other)).toEqual(['end', 'disconnect']);
    expect(disconnectCode(other, 'callee')).toBe(DISCONNECT_CODES.partnerHungUp);
  });

  it('a callee who never answers: the caller’s 60 s timer ends it missed (type 5)', () => {
    const clock = new ManualClock();
    const c = newCall(clock.now(), 'p2p', false);
    clock.advance(CALL_TIMERS.callerMs - 1);
    expect(tick(c, clock.now())).toBeNull();
    clock.advance(1);
    const ended = tick(c, clock.now())!;
    expect(ended.end_cause).toBe('missed');
    expect(both(ended)).toEqual(['end', 'end']);
    expect(recordOf(ended)).toEqual({ record_type: CALL_RECORD.missed, data: 'missed' });
  });

  it('answered but never connected: the callee gives up 30 s after answering (unable_connect)', () => {
    const clock = new ManualClock();
    let c = newCall(clock.now(), 'p2p', false);
    clock.advance(5000);
    c = run(c, { type: 'answer', by: 'callee' }, clock.now());
    expect(deadline(c)!.getTime() - clock.now().getTime()).toBe(CALL_TIMERS.calleeMs);
    clock.advance(CALL_TIMERS.calleeMs);
    const ended = tick(c, clock.now())!;
    expect(both(ended)).toEqual(['unable_connect', 'unable_connect']);
    expect(recordOf(ended)).toEqual({ record_type: CALL_RECORD.miss, data: 'unable_connect' });
  });

  it('answered late: the caller’s 60 s still bounds the wait before connecting', () => {
    const clock = new ManualClock();
    let c = newCall(clock.now(), 'p2p', false);
    clock.advance(50_000);
    c = run(c, { type: 'answer', by: 'callee' }, clock.now());
    expect(deadline(c)!.getTime() - clock.now().getTime()).toBe(10_000);
  });

  it('media failing before connecting ends unable_connect; after connecting the side has 15 s to rejoin', () => {
    const clock = new ManualClock();
    let c = run(newCall(clock.now(), 'p2p', false), { type: 'answer', by: 'callee' }, clock.now());
    c = run(c, { type: 'media', by: 'caller', report: 'down' }, clock.now());
    expect(both(c)).toEqual(['unable_connect', 'unable_connect']);
    // Rejoining is for connected calls only.
    const answered = run(newCall(clock.now(), 'p2p', false), { type: 'answer', by: 'callee' }, clock.now());
    expect(run(answered, { type: 'media', by: 'callee', report: 'rejoin' }, clock.now())).toEqual(answered);

    let d = run(connected(clock), { type: 'media', by: 'callee', report: 'down' }, clock.now());
    // Still connected; peer to peer both sides rebuild for a new media session.
    expect(both(d)).toEqual(['connected', 'connected']);
    expect(d).toMatchObject({ media_epoch: 1, caller_media: false, callee_media: false, rejoin_at: clock.now() });
    expect(deadline(d)!.getTime() - clock.now().getTime()).toBe(CALL_TIMERS.rejoinMs);
    // The caller's page is still there (alive); the callee never comes back.
    clock.advance(CALL_TIMERS.aliveEveryMs);
    d = run(d, { type: 'media', by: 'caller', report: 'alive' }, clock.now());
    clock.advance(CALL_TIMERS.rejoinMs - CALL_TIMERS.aliveEveryMs - 1);
    expect(tick(d, clock.now())).toBeNull();
    clock.advance(1);
    const dropped = tick(d, clock.now())!;
    expect(both(dropped)).toEqual(['disconnect', 'disconnect']);
    expect(disconnectCode(dropped, 'caller')).toBe(DISCONNECT_CODES.partnerLost);
    expect(disconnectCode(dropped, 'callee')).toBe(DISCONNECT_CODES.selfLost);
    expect(recordOf(dropped).record_type).toBe(CALL_RECORD.success);
  });

  it('a reloaded side rejoins a connected p2p call: a new media session, whole again once both are up', () => {
    const clock = new ManualClock();
    let c = connected(clock);
    const connectedAt = c.connected_at;
    for (let i = 0; i < 6; i++) {
      clock.advance(CALL_TIMERS.aliveEveryMs);
      c = run(c, { type: 'media', by: 'caller', report: 'alive' }, clock.now());
      c = run(c, { type: 'media', by: 'callee', report: 'alive' }, clock.now());
    }
    let r = run(c, { type: 'media', by: 'callee', report: 'rejoin' }, clock.now());
    expect(r).toMatchObject({ phase: 'connected', media_epoch: 1, rejoin_at: clock.now() });
    // A second rejoin (the partner's old connection failing meanwhile) moves the session again
    // but keeps the first deadline.
    clock.advance(1000);
    r = run(r, { type: 'media', by: 'caller', report: 'down' }, clock.now());
    expect(r.media_epoch).toBe(2);
    expect(deadline(r)!.getTime() - clock.now().getTime()).toBe(CALL_TIMERS.rejoinMs - 1000);
    r = run(r, { type: 'media', by: 'caller', report: 'up' }, clock.now());
    expect(r.rejoin_at).not.toBeNull();
    r = run(r, { type: 'media', by: 'callee', report: 'up' }, clock.now());
    expect(r).toMatchObject({ phase: 'connected', rejoin_at: null, connected_at: connectedAt });
    expect(deadline(r)!.getTime() - clock.now().getTime()).toBe(CALL_TIMERS.aliveTimeoutMs);
    expect(durationSeconds(r, clock.now())).toBe(31);
  });

  it('LiveKit: a side that left has 15 s to publish again; the other side keeps its session', () => {
    const clock = new ManualClock();
    const c = connected(clock, 'livekit');
    expect(deadline(c)).toBeNull();
    const left = run(c, { type: 'media', by: 'caller', report: 'down' }, clock.now());
    expect(left).toMatchObject({ media_epoch: 0, caller_media: false, callee_media: true, rejoin_at: clock.now() });
    expect(both(left)).toEqual(['connected', 'connected']);
    clock.advance(3000);
    const back = run(left, { type: 'media', by: 'caller', report: 'up' }, clock.now());
    expect(back).toMatchObject({ caller_media: true, rejoin_at: null });
    expect(deadline(back)).toBeNull();
    clock.advance(CALL_TIMERS.rejoinMs);
    const gone = tick(left, clock.now())!;
    expect(gone).toMatchObject({ phase: 'ended', end_cause: 'disconnect', ended_by: 'caller' });
    expect(disconnectCode(gone, 'callee')).toBe(DISCONNECT_CODES.partnerLost);
  });

  it('p2p silence: a side without an alive ping for 15 s is taken as gone', () => {
    const clock = new ManualClock();
    let c = connected(clock);
    clock.advance(10_000);
    c = run(c, { type: 'media', by: 'caller', report: 'alive' }, clock.now());
    clock.advance(CALL_TIMERS.aliveTimeoutMs - 10_000 - 1);
    expect(tick(c, clock.now())).toBeNull();
    clock.advance(1);
    const ended = tick(c, clock.now())!;
    expect(ended.end_cause).toBe('disconnect');
    expect(ended.ended_by).toBe('callee');
    expect(disconnectCode(ended, 'caller')).toBe(DISCONNECT_CODES.partnerLost);
  });

  it('LiveKit: no silence timer (LiveKit says when a side leaves); the caller may publish while it rings', () => {
    const clock = new ManualClock();
    expect(deadline(connected(clock, 'livekit'))).toBeNull();
    let c = newCall(clock.now(), 'livekit', false);
    c = run(c, { type: 'media', by: 'caller', report: 'up' }, clock.now());
    expect(c.phase).toBe('ringing');
    c = run(c, { type: 'answer', by: 'callee' }, clock.now());
    c = run(c, { type: 'media', by: 'callee', report: 'up' }, clock.now());
    expect(c.phase).toBe('connected');
  });

  it('a callee already in a call never rings; the caller hears busy after 3 s', () => {
    const clock = new ManualClock();
    const c = newCall(clock.now(), 'p2p', true);
    expect(both(c)).toEqual(['calling', 'none']);
    clock.advance(CALL_TIMERS.busyReplyMs - 1);
    expect(tick(c, clock.now())).toBeNull();
    clock.advance(1);
    const ended = tick(c, clock.now())!;
    expect(both(ended)).toEqual(['busy', 'none']);
    // The caller giving up first leaves it busy too, and the callee still never hears of it.
    const cancelled = run(c, { type: 'hangup', by: 'caller' }, clock.now());
    expect(both(cancelled)).toEqual(['busy', 'none']);
  });

  it('p2p signals: the caller’s offer and candidates while it rings, both ways once answered, none else', () => {
    const kinds = ['offer', 'answer', 'candidate'] as const;
    const pass = (phase: CallPhase, transport: 'p2p' | 'livekit' = 'p2p') =>
      (['caller', 'callee'] as const).flatMap((side) =>
        kinds.filter((k) => relaysSignal(phase, transport, side, k)).map((k) => `${side}:${k}`),
      );
    expect(pass('ringing')).toEqual(['caller:offer', 'caller:candidate']);
    expect(pass('answered')).toHaveLength(6);
    expect(pass('connected')).toHaveLength(6);
    expect(pass('busy_pending')).toEqual([]);
    expect(pass('ended')).toEqual([]);
    expect(pass('ringing', 'livekit')).toEqual([]);
    expect(pass('connected', 'livekit')).toEqual([]);
  });

  it('a block ends the call at once, whatever its phase', () => {
    const clock = new ManualClock();
    const ringing = run(newCall(clock.now(), 'p2p', false), { type: 'blocked' }, clock.now());
    expect(both(ringing)).toEqual(['unable_connect', 'unable_connect']);
    const talking = run(connected(clock), { type: 'blocked' }, clock.now());
    expect(both(talking)).toEqual(['disconnect', 'disconnect']);
    expect(disconnectCode(talking, 'caller')).toBe(DISCONNECT_CODES.server);
  });
});

describe('starting a call', () => {
  const hold = (
    call_id: string,
    room_id: string,
    phase: string,
    side: 'caller' | 'callee',
    anonymous = false,
  ): Hold => ({ call_id, room_id, phase, side, anonymous });

  it('rings a free callee', () => expect(decideStart('r1', null, null)).toEqual({ kind: 'ring' }));

  it('a second attempt while in a call is refused as already talking', () => {
    expect(decideStart('r1', hold('c1', 'r9', 'connected', 'caller'), null)).toEqual({ kind: 'already_in_call' });
    expect(decideStart('r1', hold('c1', 'r1', 'answered', 'callee'), null)).toEqual({ kind: 'already_in_call' });
  });

  it('a third caller while the callee talks gets busy', () => {
    expect(decideStart('r2', null, hold('c1', 'r1', 'connected', 'caller'))).toEqual({ kind: 'busy' });
  });

  it('glare: calling someone who is ringing you in the same room answers their call', () => {
    const theirCall = 'c1';
    expect(
      decideStart('r1', hold(theirCall, 'r1', 'ringing', 'callee'), hold(theirCall, 'r1', 'ringing', 'caller')),
    ).toEqual({ kind: 'glare', call_id: theirCall });
  });

  it('glare across rooms: calling them from another room while they ring me answers their call too', () => {
    expect(decideStart('r2', hold('c1', 'r1', 'ringing', 'callee'), hold('c1', 'r1', 'ringing', 'caller'))).toEqual({
      kind: 'glare',
      call_id: 'c1',
    });
    // Not once their call is answered, nor when the one ringing me is someone else's call.
    expect(decideStart('r2', hold('c1', 'r1', 'answered', 'callee'), hold('c1', 'r1', 'answered', 'caller'))).toEqual({
      kind: 'already_in_call',
    });
    expect(decideStart('r2', hold('c1', 'r1', 'ringing', 'callee'), hold('c9', 'r9', 'ringing', 'caller'))).toEqual({
      kind: 'already_in_call',
    });
  });

  it('glare across rooms never merges an anonymous call with another room (it would say who called)', () => {
    const anonymousRing = hold('c1', 'r1', 'ringing', 'callee', true);
    expect(decideStart('r2', anonymousRing, hold('c1', 'r1', 'ringing', 'caller', true))).toEqual({
      kind: 'already_in_call',
    });
    expect(
      decideStart('r2', hold('c1', 'r1', 'ringing', 'callee'), hold('c1', 'r1', 'ringing', 'caller'), true),
    ).toEqual({ kind: 'already_in_call' });
    // In the call's own room the pair already know each other as that room shows them.
    expect(decideStart('r1', anonymousRing, hold('c1', 'r1', 'ringing', 'caller', true))).toEqual({
      kind: 'glare',
      call_id: 'c1',
    });
  });

  const room = (over: Partial<RoomFacts> = {}): RoomFacts => ({
    found: true,
    deleted: false,
    participants: [
      { user_id: 'a', is_anonymous: true },
      { user_id: 'b', is_anonymous: false },
    ],
    room_type_id: 2,
    topic_id: 't1',
    are_friends: false,
    blocked: false,
    ...over,
  });
  const voice = { found: true, is_callable: true, owner_id: 'b', call_price: 0, time_call_price: 1 };

  it('who may call: participants only, friends for a friend room, callable voices, no blocks', () => {
    expect(mayCall('a', room(), voice)).toMatchObject({ ok: true, callee_id: 'b', caller_anonymous: true });
    expect(mayCall('x', room(), voice)).toEqual({ ok: false, reason: 'not_found' });
    expect(mayCall('a', room(), { ...voice, is_callable: false })).toEqual({ ok: false, reason: 'not_callable' });
    expect(mayCall('a', room(), { ...voice, found: false })).toEqual({ ok: false, reason: 'not_callable' });
    expect(mayCall('a', room({ blocked: true }), voice)).toEqual({ ok: false, reason: 'blocked' });
    expect(mayCall('a', room({ topic_id: null }), null)).toEqual({ ok: false, reason: 'not_friends' });
    expect(mayCall('a', room({ topic_id: null, are_friends: true }), null)).toMatchObject({ ok: true, friend: true });
  });
});

describe('paid-call seam, ICE and signal filtering', () => {
  it('the non-owner of a priced voice pays; minutes begun count from connected', () => {
    expect(payerOf(100, 'owner', 'owner', 'guest')).toBe('guest');
    expect(payerOf(100, 'owner', 'guest', 'owner')).toBe('guest');
    expect(payerOf(0, 'owner', 'guest', 'owner')).toBeNull();
    expect(payerOf(100, null, 'a', 'b')).toBeNull();
    const t0 = new Date('2026-01-01T00:00:00Z');
    expect(minutesBegun({ connected_at: null, ended_at: null }, t0)).toBe(0);
    expect(minutesBegun({ connected_at: t0, ended_at: null }, new Date(t0.getTime() + 61_000))).toBe(2);
  });

  it('TURN credentials follow coturn’s REST scheme and expire', () => {
    const cred = turnCredential('0123456789abcdef', 'honne', Date.UTC(2026, 0, 1));
    expect(cred.username).toBe(`${Date.UTC(2026, 0, 1) / 1000}:honne`);
    expect(cred.credential).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const now = new Date('2026-01-01T00:00:00Z');
    const config = callConfigFor(
      {
        iceServers: [{ urls: ['stun:stun.example.jp:3478'] }, { urls: ['turn:turn.example.jp:3478'] }],
        livekit: undefined,
        turnSecret: '0123456789abcdef',
        turnTtlSeconds: 600,
      },
      now,
    );
    expect(config.ice_servers[0]).toEqual({ urls: ['stun:stun.example.jp:3478'] });
    expect(config.ice_servers[1]!.username).toBe(`${now.getTime() / 1000 + 600}:honne`);
    expect(config.ice_ttl_seconds).toBe(600);
  });

  it('anonymous calls let no host, server-reflexive or related address through, by the grammar', () => {
    const host = 'candidate:1 1 udp 2122260223 192.168.1.20 54400 typ host generation 0';
    const srflx = 'candidate:2 1 udp 1686052607 203.0.113.7 54400 typ srflx raddr 192.168.1.20 rport 54400';
    // Chrome's relay candidates name the public address they were allocated from in raddr/rport.
    const relay = 'candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay raddr 203.0.113.7 rport 54400 generation 0';
    // A host candidate whose text merely contains " typ relay" (issue 25) passed a substring test.
    const disguised = 'candidate:4 1 udp 2122260223 192.168.1.20 54401 typ host generation 0 x typ relay 1';
    const tcpHost = 'candidate:5 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active';
    expect(parseCandidate(disguised)).toMatchObject({ type: 'host', address: '192.168.1.20' });
    expect([host, srflx, disguised, tcpHost, 'typ relay', 'candidate:x'].map(relayOnlyCandidate)).toEqual(
      Array(6).fill(undefined),
    );
    expect(relayOnlyCandidate(relay)).toBe('candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay generation 0');
    expect(relayOnlyCandidate(`a=${relay}`)).not.toContain('203.0.113.7');
    expect(relayOnlyCandidate('')).toBe('');

    const sdp = [
      'v=0',
      'o=- 4611731400430051336 2 IN IP4 192.168.1.20',
      'c=IN IP4 203.0.113.7',
      `a=${host}`,
      `a=${disguised}`,
      `a=${srflx}`,
      `a=${relay}`,
      'a=rtcp:9 IN IP4 192.168.1.20',
      'a=remote-candidates:1 192.168.1.20 54400',
      'a=ice-ufrag:abcd',
    ].join('\r\n');
    const out = relayOnlySdp(sdp);
    for (const address of ['192.168.1.20', '203.0.113.7']) expect(out).not.toContain(address);
    expect(out.split('\r\n')).toEqual([
      'v=0',
      'o=- 4611731400430051336 2 IN IP4 0.0.0.0',
      'c=IN IP4 0.0.0.0',
      'a=candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay generation 0',
      'a=rtcp:9',
      'a=ice-ufrag:abcd',
    ]);
  });
});
