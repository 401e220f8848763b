import { CALL_MESSAGES, CALL_RECORD, CALL_TIMERS, type CallView } from '@honne/contracts/calls';
import { events, requests } from '@honne/contracts/events';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RINGS_PER_CALLEE, RINGS_PER_CALLER } from '../src/domain/ring-limits.ts';

import { eventually, startHarness, type Person } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

const ALREADY = 'トークできませんでした。すでにトーク中です。';

describe.each(infraModes())('calls API ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    // A TURN server to relay through: without one an anonymous peer-to-peer call is refused (ADR 0021).
    h = await startHarness(mode, { iceServers: [{ urls: ['turn:turn.example.test:3478'] }] });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A calls B from B's voice; answers the room id and the caller's first view. */
  async function topicCall(a: Person, b: Person, extra = {}) {
    const topic = h.voice(b, extra);
    const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
    const res = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(res.statusCode, res.body).toBe(200);
    return { topic, room, view: res.json().data as CallView };
  }

  it('rings, answers, relays signals only to the partner, connects, hangs up and records the talk time', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const { room, view } = await topicCall(a, b);
    expect(view).toMatchObject({ state: 'calling', role: 'caller', transport: 'p2p', offerer: true });
    const ring = await h.stateOf(b, 'receiving');
    expect(ring).toMatchObject({ id: view.id, room_id: room, role: 'callee', offerer: false });

    // A reconnecting callee restores the ringing call.
    const current = await h.calls$('GET', '/calls/current', b);
    expect(current.json().data).toMatchObject({ id: view.id, state: 'receiving' });
    expect((await h.calls$('GET', `/rooms/${room}/calling`, a)).json().data).toMatchObject({ state: 'calling' });

    // While it rings the caller's offer already goes to the ringing callee (ADR 0040); nothing of
    // the callee's goes back before it answers, so no media can flow.
    const offer = await h.calls$('POST', '/calls/signal', a, {
      call_id: view.id,
      kind: 'offer',
      sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1',
    });
    expect(offer.json().data).toEqual({ relayed: true });
    const earlyAnswer = await h.calls$('POST', '/calls/signal', b, { call_id: view.id, kind: 'answer', sdp: 'v=0' });
    expect(earlyAnswer.json().data).toEqual({ relayed: false });
    const earlyCandidate = await h.calls$('POST', '/calls/signal', b, {
      call_id: view.id,
      kind: 'candidate',
      candidate: { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 50000 typ host' },
    });
    expect(earlyCandidate.json().data).toEqual({ relayed: false });
    // The caller's own answer kind is no offer: not relayed while it rings either.
    const wrongKind = await h.calls$('POST', '/calls/signal', a, { call_id: view.id, kind: 'answer', sdp: 'v=0' });
    expect(wrongKind.json().data).toEqual({ relayed: false });

    const answered = await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    expect(answered.json().data.state).toBe('waiting_connect');
    await h.stateOf(a, 'connecting');
    // The socket path (a `command` frame the gateway turns into this bus request) relays alike.
    const viaSocket = await h.infra.bus.request(requests.callsSignal, {
      user_id: b.userId,
      session_id: b.sessionId,
      body: { call_id: view.id, kind: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1' },
    });
    expect(viaSocket.status).toBe(200);
    await eventually(() => {
      expect(h.eventsOf(b, 'call.signal').map((e) => e.data)).toEqual([
        {
          call_id: view.id,
          room_id: room,
          kind: 'offer',
          epoch: 0,
          sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1',
          candidate: null,
        },
      ]);
      expect(h.eventsOf(a, 'call.signal').map((e) => (e.data as { kind: string }).kind)).toEqual(['answer']);
    });

    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'connected' });
    const both = await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'connected' });
    expect(both.json().data.state).toBe('connected');
    await h.stateOf(a, 'connected');

    h.clock.advance(42_000);
    const hung = await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    expect(hung.json().data).toMatchObject({ state: 'end', end_cause: 'hangup', duration_seconds: 42 });
    // B's line was cut by A: '切断されました。11' (spec §8).
    expect(await h.stateOf(b, 'disconnect')).toMatchObject({ end_cause: 'hangup', disconnect_code: 11 });
    expect((await h.calls$('GET', '/calls/current', a)).json().data).toBeNull();

    // The call record lands in the room, from the caller, seen by both.
    const record = await eventually(async () => {
      const msgs = (await h.chat$('GET', `/rooms/${room}/messages`, b)).json().data as {
        message_type_id: number;
        data: string;
        is_mine: boolean;
      }[];
      const r = msgs.find((m) => m.message_type_id === CALL_RECORD.success);
      if (!r) throw new Error('no call record yet');
      return r;
    });
    expect(record).toMatchObject({ data: '42', is_mine: false });
    // B took the call: its record is no unread news for B (walk #14).
    expect(record).toMatchObject({ is_read: true });
    const unread = (await h.chat$('GET', '/rooms/unread', b)).json().data as { total: number };
    expect(unread.total).toBe(0);
  });

  it('the callee’s SDP answer rides on its callanswer: the caller gets it after connecting; a refusal’s goes nowhere', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const sdp = 'v=0\r\no=- 7 8 IN IP4 127.0.0.1';
    const refused = await topicCall(a, b);
    await h.stateOf(b, 'receiving');
    await h.calls$('POST', `/rooms/${refused.room}/callanswer`, b, { action: 'refuse', sdp });
    await h.stateOf(a, 'refuse');

    const { room, view } = await topicCall(a, b);
    await eventually(() => expect(h.eventsOf(b, 'call.state').at(-1)?.data).toMatchObject({ id: view.id }));
    const answered = await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer', sdp });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.state).toBe('waiting_connect');
    await eventually(() => {
      const events = h.eventsOf(a).filter((e) => e.type === 'call.signal' || e.type === 'call.state');
      const signals = events.filter((e) => e.type === 'call.signal').map((e) => e.data);
      expect(signals).toEqual([{ call_id: view.id, room_id: room, kind: 'answer', epoch: 0, sdp, candidate: null }]);
      // After the state that says answered, so the caller's page already knows the call goes on.
      const states = events.map((e) => (e.type === 'call.state' ? (e.data as CallView).state : e.type));
      expect(states.slice(-2)).toEqual(['connecting', 'call.signal']);
    });
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });

  it('an offer made while it rang goes nowhere once the call is cancelled, refused or busy', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const sdp = 'v=0\r\no=- 5 6 IN IP4 127.0.0.1';
    const signal = (who: Person, id: string) =>
      h.calls$('POST', '/calls/signal', who, { call_id: id, kind: 'offer', sdp });

    // Cancelled by the caller: its offer of that call is no longer relayed.
    const cancelled = await topicCall(a, b);
    await h.stateOf(b, 'receiving');
    await h.calls$('POST', `/rooms/${cancelled.room}/callanswer`, a, { action: 'hangup' });
    await h.stateOf(b, 'end');
    expect((await signal(a, cancelled.view.id)).json().data).toEqual({ relayed: false });

    // Refused by the callee: likewise.
    const refused = await topicCall(a, b);
    await h.calls$('POST', `/rooms/${refused.room}/callanswer`, b, { action: 'refuse' });
    await h.stateOf(a, 'refuse');
    expect((await signal(a, refused.view.id)).json().data).toEqual({ relayed: false });
    expect(h.eventsOf(b, 'call.signal')).toEqual([]);

    // A callee already in a call never rings: the caller's offer does not reach them.
    const c = await h.user();
    const talking = await topicCall(b, c);
    await h.calls$('POST', `/rooms/${talking.room}/callanswer`, c, { action: 'answer' });
    const busy = await topicCall(a, b);
    expect((await signal(a, busy.view.id)).json().data).toEqual({ relayed: false });
    expect(h.eventsOf(b, 'call.signal')).toEqual([]);
    await h.calls$('POST', `/rooms/${talking.room}/callanswer`, b, { action: 'hangup' });
  });

  it('a reloaded side rejoins a connected p2p call: both hear of a new media session, old signals are dropped', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const { room, view } = await topicCall(a, b);
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'connected' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'connected' });
    await h.stateOf(a, 'connected');

    // B's page reloads: it finds the call (GET /calls/current) and asks to rejoin its media.
    expect((await h.calls$('GET', '/calls/current', b)).json().data).toMatchObject({
      state: 'connected',
      media_epoch: 0,
    });
    const rejoined = await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'rejoin' });
    expect(rejoined.json().data).toMatchObject({ state: 'connected', media_epoch: 1 });
    await eventually(() => {
      const last = h.eventsOf(a, 'call.state').at(-1)!.data as CallView;
      expect(last).toMatchObject({ state: 'connected', media_epoch: 1 });
    });
    // A signal of the old session goes nowhere; the new session's is relayed with its epoch.
    const old = await h.calls$('POST', '/calls/signal', a, {
      call_id: view.id,
      kind: 'offer',
      sdp: 'v=0 old',
      epoch: 0,
    });
    expect(old.json().data).toEqual({ relayed: false });
    const fresh = await h.calls$('POST', '/calls/signal', a, {
      call_id: view.id,
      kind: 'offer',
      sdp: 'v=0 new',
      epoch: 1,
    });
    expect(fresh.json().data).toEqual({ relayed: true });
    await eventually(() => {
      expect(h.eventsOf(b, 'call.signal').map((e) => e.data)).toContainEqual(
        expect.objectContaining({ kind: 'offer', sdp: 'v=0 new', epoch: 1 }),
      );
    });
    expect(h.eventsOf(b, 'call.signal').some((e) => (e.data as { sdp?: string }).sdp === 'v=0 old')).toBe(false);

    // Both new connections up: the line is whole, the talk time ran on.
    h.clock.advance(2000);
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'connected' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'connected' });
    const row = await h.calls.ctx.db
      .selectFrom('calls')
      .selectAll()
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phase: 'connected', rejoin_at: null, media_epoch: 1 });
    h.clock.advance(CALL_TIMERS.rejoinMs);
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'alive' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'alive' });
    await h.runTimers();
    expect((await h.calls$('GET', '/calls/current', a)).json().data.state).toBe('connected');
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });

  it('refuses a second call while in one, on any character of the same account', async () => {
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const aChar = await h.user('サブキャラ', a);
    const { room } = await topicCall(a, b);
    const again = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: ALREADY, code: 'already_in_call' });
    const other = await h.room(aChar, { topic_id: h.voice(c), room_type_id: 4 });
    const fromCharacter = await h.calls$('POST', `/rooms/${other}/calling`, aChar, {});
    expect(fromCharacter.json()).toMatchObject({ error: ALREADY });
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    await h.stateOf(b, 'end');
  });

  // Issue 25: a 500 (the same account's hold twice).
  it('refuses a character calling another character of the same person with 403, and no call is made', async () => {
    const a = await h.user();
    const aChar = await h.user('サブキャラ', a);
    const room = await h.room(aChar, { topic_id: h.voice(a), room_type_id: 4 });
    const res = await h.calls$('POST', `/rooms/${room}/calling`, aChar, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'same_account', error: CALL_MESSAGES.unableToConnect });
    expect((await h.calls$('GET', '/calls/current', a)).json().data).toBeNull();
    expect((await h.calls$('GET', '/calls/current', aChar)).json().data).toBeNull();
  });

  // Issue 25: 150 rings in 5.6 s gave the callee 450 pushes, 300 call records and 300 badges.
  it('limits rings per caller (429) and per callee (busy, never rung), counted per account', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const aChar = await h.user('サブキャラ', a);
    const topic = h.voice(b);
    const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
    const charRoom = await h.room(aChar, { topic_id: h.voice(b), room_type_id: 4 });
    for (let i = 0; i < RINGS_PER_CALLER; i++) {
      const [who, where] = i % 2 ? [aChar, charRoom] : [a, room];
      const rang = await h.calls$('POST', `/rooms/${where}/calling`, who, {});
      expect(rang.statusCode, rang.body).toBe(200);
      const hung = await h.calls$('POST', `/rooms/${where}/callanswer`, who, {
        action: 'hangup',
        signal_id: rang.json().data.id,
      });
      expect(hung.statusCode, hung.body).toBe(200);
    }
    const over = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    const rows = await h.calls.ctx.db.selectFrom('calls').select('id').where('caller_account', '=', a.userId).execute();
    expect(rows).toHaveLength(RINGS_PER_CALLER);

    // The callee: rung by many, past the minute's share the caller hears busy and the callee never rings.
    const c = await h.user();
    const callers = await Promise.all(Array.from({ length: RINGS_PER_CALLEE + 1 }, () => h.user()));
    const cVoice = h.voice(c);
    for (const [i, caller] of callers.entries()) {
      const r = await h.room(caller, { topic_id: cVoice, room_type_id: 4 });
      const res = await h.calls$('POST', `/rooms/${r}/calling`, caller, {});
      expect(res.statusCode).toBe(200);
      if (i < RINGS_PER_CALLEE) {
        await h.stateOf(c, 'receiving');
        await h.calls$('POST', `/rooms/${r}/callanswer`, caller, { action: 'hangup', signal_id: res.json().data.id });
        await h.stateOf(c, 'end');
      } else {
        const rung = h.eventsOf(c, 'call.state').length;
        h.clock.advance(3000);
        await h.runTimers();
        expect((await h.stateOf(caller, 'busy')).end_cause).toBe('busy');
        expect(h.eventsOf(c, 'call.state')).toHaveLength(rung);
      }
    }
  });

  it('a third caller while the callee talks hears busy after 3 s; the callee never rings', async () => {
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const { room } = await topicCall(a, b);
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    const cRoom = await h.room(c, { topic_id: h.voice(a), room_type_id: 4 });
    const cCall = await h.calls$('POST', `/rooms/${cRoom}/calling`, c, {});
    expect(cCall.json().data.state).toBe('calling');
    h.clock.advance(3000);
    await h.runTimers();
    const busy = await h.stateOf(c, 'busy');
    expect(busy.end_cause).toBe('busy');
    expect(h.eventsOf(a, 'call.state').every((e) => (e.data as CallView).room_id === room)).toBe(true);
    // A and B are still talking-to-be.
    expect((await h.calls$('GET', '/calls/current', a)).json().data.state).toBe('connecting');
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'hangup' });
  });

  it('refuse: the caller sees refuse; a callee who never answers: missed after 60 s (type 5)', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const first = await topicCall(a, b);
    await h.stateOf(b, 'receiving');
    await h.calls$('POST', `/rooms/${first.room}/callanswer`, b, { action: 'refuse' });
    expect((await h.stateOf(a, 'refuse')).end_cause).toBe('refuse');

    const again = await h.calls$('POST', `/rooms/${first.room}/calling`, a, {});
    expect(again.statusCode).toBe(200);
    h.clock.advance(60_000);
    await h.runTimers();
    expect((await h.stateOf(a, 'end')).end_cause).toBe('missed');
    await eventually(async () => {
      const msgs = (await h.chat$('GET', `/rooms/${first.room}/messages`, b)).json().data as {
        message_type_id: number;
      }[];
      expect(msgs.map((m) => m.message_type_id).sort()).toEqual([CALL_RECORD.missed, CALL_RECORD.miss]);
    });
    // Only the missed call is news for B; the call B refused is not (walk #14).
    const unread = (await h.chat$('GET', '/rooms/unread', b)).json().data as { total: number };
    expect(unread.total).toBe(1);
  });

  it('glare: two friends calling each other at once end in one call', async () => {
    const [a, b] = [await h.user(), await h.user()];
    await h.befriend(a, b);
    const room = await h.room(a, { user_id: b.userId, room_type_id: 3 });
    const first = (await h.calls$('POST', `/rooms/${room}/calling`, a, {})).json().data as CallView;
    const second = await h.calls$('POST', `/rooms/${room}/calling`, b, {});
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: first.id, role: 'callee', state: 'waiting_connect' });
    await h.stateOf(a, 'connecting');
    const rows = await h.calls.ctx.db.selectFrom('calls').select('id').where('room_id', '=', room).execute();
    expect(rows).toHaveLength(1);
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });

  it('glare across rooms: A and B calling each other at once from two rooms end in one call', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const roomAB = await h.room(a, { topic_id: h.voice(b), room_type_id: 4 });
    const roomBA = await h.room(b, { topic_id: h.voice(a), room_type_id: 4 });
    const [fromA, fromB] = await Promise.all([
      h.calls$('POST', `/rooms/${roomAB}/calling`, a, {}),
      h.calls$('POST', `/rooms/${roomBA}/calling`, b, {}),
    ]);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    const [va, vb] = [fromA.json().data as CallView, fromB.json().data as CallView];
    // Whichever request came first rang; the second answered it.
    expect(va.id).toBe(vb.id);
    const live = await h.calls.ctx.db
      .selectFrom('calls')
      .select(['id', 'room_id', 'phase'])
      .where('room_id', 'in', [roomAB, roomBA])
      .execute();
    expect(live).toEqual([{ id: va.id, room_id: va.room_id, phase: 'answered' }]);
    const caller = va.role === 'caller' ? a : b;
    const callee = caller === a ? b : a;
    await h.stateOf(caller, 'connecting');
    await h.stateOf(callee, 'waiting_connect');
    await h.calls$('POST', `/rooms/${va.room_id}/callanswer`, a, { action: 'hangup' });
  });

  it('glare across rooms never merges an anonymous call into another room: the second caller is in a call', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const anonymous = await h.room(a, { topic_id: h.voice(b), room_type_id: 4, is_anonymous: true });
    const first = (await h.calls$('POST', `/rooms/${anonymous}/calling`, a, {})).json().data as CallView;
    await h.stateOf(b, 'receiving');
    const named = await h.room(b, { topic_id: h.voice(a), room_type_id: 4 });
    const second = await h.calls$('POST', `/rooms/${named}/calling`, b, {});
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'already_in_call', error: ALREADY });
    expect((await h.calls$('GET', '/calls/current', a)).json().data).toMatchObject({ id: first.id, state: 'calling' });
    await h.calls$('POST', `/rooms/${anonymous}/callanswer`, a, { action: 'hangup' });
  });

  it('outsiders touch nothing: calling, answering, reading and signalling a call not theirs', async () => {
    const [a, b, x] = [await h.user(), await h.user(), await h.user()];
    const { room, view } = await topicCall(a, b);
    expect((await h.calls$('POST', `/rooms/${room}/calling`, x, {})).statusCode).toBe(404);
    expect((await h.calls$('POST', `/rooms/${room}/callanswer`, x, { action: 'answer' })).statusCode).toBe(404);
    expect(
      (await h.calls$('POST', `/rooms/${room}/callanswer`, x, { action: 'hangup', signal_id: view.id })).statusCode,
    ).toBe(404);
    expect((await h.calls$('GET', `/rooms/${room}/calling`, x)).json().data).toBeNull();
    expect(
      (await h.calls$('POST', '/calls/signal', x, { call_id: view.id, kind: 'offer', sdp: 'v=0' })).statusCode,
    ).toBe(404);
    expect((await h.calls$('POST', `/calls/${view.id}/token`, x)).statusCode).toBe(404);
    expect((await h.calls$('POST', `/rooms/${room}/calling`, undefined, {})).statusCode).toBe(401);
    expect(h.eventsOf(x)).toEqual([]);
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });

  it('ids that are no UUID name no call: 404 from the schema, before any query (they reached PostgreSQL)', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const { room, view } = await topicCall(a, b);
    const bad = 'not-a-uuid';
    for (const [method, url, body] of [
      ['POST', `/rooms/${bad}/callanswer`, { action: 'hangup' }],
      ['POST', `/rooms/${room}/callanswer`, { action: 'hangup', signal_id: bad }],
      ['POST', `/rooms/${bad}/pingConnectRoomChat`, { state: 'alive' }],
      ['POST', `/rooms/${room}/pingConnectRoomChat`, { state: 'alive', signal_id: bad }],
      ['GET', `/rooms/${bad}/calling`, undefined],
      ['POST', '/calls/signal', { call_id: bad, kind: 'offer', sdp: 'v=0' }],
      ['POST', `/calls/${bad}/token`, undefined],
    ] as const) {
      const res = await h.calls$(method, url, a, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    // A shape error besides the id is still a field error.
    const both = await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'nope', signal_id: bad });
    expect(both.statusCode).toBe(403);
    expect(both.json().errors).toHaveProperty('action');
    // Nothing moved: the call still rings.
    expect((await h.calls$('GET', '/calls/current', a)).json().data).toMatchObject({ id: view.id, state: 'calling' });
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });

  it('blocks: a blocked caller never rings the blocker; a block mid-call ends it and drops signals', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const topic = h.voice(b);
    const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
    const live = (await h.calls$('POST', `/rooms/${room}/calling`, a, {})).json().data as CallView;
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    await h.block(b, a);
    expect((await h.stateOf(a, 'unable_connect')).end_cause).toBe('blocked');
    const dropped = await h.calls$('POST', '/calls/signal', a, { call_id: live.id, kind: 'offer', sdp: 'v=0' });
    expect(dropped.json().data).toEqual({ relayed: false });

    const before = h.eventsOf(b).length;
    const res = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'blocked', error: '通話できません。' });
    expect(h.eventsOf(b).length).toBe(before);
  });

  it('anonymous calls: a block by name changes nothing whoever is blocked; a block inside the room ends and refuses', async () => {
    const [a, b, other] = [await h.user(), await h.user(), await h.user()];
    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 4, is_anonymous: true });
    expect((await h.calls$('POST', `/rooms/${room}/calling`, a, {})).statusCode).toBe(200);
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    const answered = await h.stateOf(b, 'waiting_connect');
    // b blocks suspects by name, the real partner among them: the anonymous call goes on.
    await h.block(b, other);
    await h.block(b, a);
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'connected' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'connected' });
    expect((await h.stateOf(b, 'connected')).id).toBe(answered.id);
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'hangup' });
    await h.stateOf(b, 'end');
    // Calling again is not refused either (a named call would be: 403 blocked).
    const again = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(again.statusCode, again.body).toBe(200);
    await h.stateOf(b, 'receiving');

    // The room's own block: the ringing call ends, and the next attempt is refused.
    const blocked = await h.chat$('POST', `/rooms/${room}/block`, b);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await h.stateOf(a, 'unable_connect')).end_cause).toBe('blocked');
    const refused = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'blocked', error: '通話できません。' });
  });

  it('call-topic: refused on a voice that does not take calls; friend calls only between friends', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const closed = h.voice(b, { is_callable: false });
    const open = await h.chat$('POST', '/rooms', a, { topic_id: closed, room_type_id: 4 });
    expect(open.statusCode).toBe(403);
    expect(open.json().code).toBe('not_callable');
    // A chat room on the voice exists, but the voice takes no calls.
    const chatRoom = await h.room(a, { topic_id: closed, room_type_id: 2 });
    const call = await h.calls$('POST', `/rooms/${chatRoom}/calling`, a, {});
    expect(call.statusCode).toBe(403);
    expect(call.json()).toMatchObject({ code: 'not_callable', error: 'この声は通話を受け付けていません。' });
    expect(h.eventsOf(b, 'call.state')).toEqual([]);

    // No friend room without a friendship; ending it removes the room, and its calls with it.
    expect((await h.chat$('POST', '/rooms', a, { user_id: b.userId, room_type_id: 3 })).json().code).toBe(
      'not_friends',
    );
    await h.befriend(a, b);
    const friendRoom = await h.room(a, { user_id: b.userId, room_type_id: 3 });
    await h.befriend(a, b, false);
    // Chat removes the room after it records the friendship's end: on a real bus, a moment later.
    await eventually(async () => {
      const unfriended = await h.calls$('POST', `/rooms/${friendRoom}/calling`, a, {});
      expect(unfriended.statusCode, unfriended.body).toBe(404);
    });
    expect(h.eventsOf(b, 'call.state')).toEqual([]);
  });

  it('a user deleted mid-call hangs up: the partner sees the call end', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const { room } = await topicCall(a, b);
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    await h.infra.bus.publish(events.userDeleted, { user_id: b.userId, deleted_at: h.clock.now().toISOString() });
    expect((await h.stateOf(a, 'end')).end_cause).toBe('cancel');
    expect((await h.calls$('GET', '/calls/current', a)).json().data).toBeNull();
  });

  it('types 5–8 are refused from clients', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 2 });
    for (const type of [5, 6, 7, 8]) {
      const res = await h.chat$('POST', '/messages', a, { room_id: room, message_type_id: type, data: '600' });
      expect(res.statusCode, `type ${type}`).toBe(403);
      expect(res.json().code).toBe('call_record_reserved');
    }
    const text = await h.chat$('POST', '/messages', a, { room_id: room, message_type_id: 1, data: 'こんばんは' });
    expect(text.statusCode).toBe(200);
  });

  it('an anonymous call names nobody: no id, name or avatar in any event or signal', async () => {
    const [a, b] = [await h.user('あきら'), await h.user('ひかり')];
    const topic = h.voice(b, { is_anonymous: true });
    const room = await h.room(a, { topic_id: topic, room_type_id: 4, is_anonymous: true });
    const call = (await h.calls$('POST', `/rooms/${room}/calling`, a, {})).json().data as CallView;
    expect(call).toMatchObject({ is_anonymous: true, partner_anonymous: true });
    await h.stateOf(b, 'receiving');
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    await h.calls$('POST', '/calls/signal', a, { call_id: call.id, kind: 'offer', sdp: 'v=0' });
    await h.calls$('POST', '/calls/signal', b, {
      call_id: call.id,
      kind: 'candidate',
      candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'hangup' });
    await h.stateOf(a, 'end');
    for (const [who, partner] of [
      [a, b],
      [b, a],
    ] as const) {
      const seen = JSON.stringify(h.eventsOf(who).filter((e) => e.type.startsWith('call.')));
      expect(seen.length).toBeGreaterThan(100);
      for (const secret of [partner.userId, partner.name, 'avatars']) expect(seen).not.toContain(secret);
    }
  });
});
