import { CALL_MESSAGES, type CallView } from '@honne/contracts/calls';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness } from './harness.ts';

// With TURN configured, an anonymous peer-to-peer call is relay-only: the policy says so, and the
// server lets no candidate or SDP address of the sender's own reach the partner.

const host = 'candidate:1 1 udp 2122260223 192.168.10.20 50000 typ host generation 0';
const relay = 'candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay raddr 0.0.0.0 rport 0';

describe.each(infraModes())('anonymous calls with TURN ($name)', (mode) => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    h = await startHarness(mode, {
      iceServers: [{ urls: ['turn:turn.example.test:3478'] }],
      turnSecret: 'turn-secret-of-the-test-0123',
      turnTtlSeconds: 600,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('hands minted TURN credentials, makes anonymous calls relay-only and filters what is relayed', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const config = (await h.calls$('GET', '/calls/config', a)).json().data;
    expect(config.ice_servers[0]).toMatchObject({ urls: ['turn:turn.example.test:3478'] });
    expect(config.ice_servers[0].username).toMatch(/^\d+:honne$/);
    expect(config.ice_ttl_seconds).toBe(600);

    const named = await h.room(a, { topic_id: h.voice(b), room_type_id: 4 });
    const plain = (await h.calls$('POST', `/rooms/${named}/calling`, a, {})).json().data as CallView;
    expect(plain.ice_transport_policy).toBe('all');
    await h.calls$('POST', `/rooms/${named}/callanswer`, a, { action: 'hangup' });

    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 4, is_anonymous: true });
    const call = (await h.calls$('POST', `/rooms/${room}/calling`, a, {})).json().data as CallView;
    expect(call.ice_transport_policy).toBe('relay');
    expect((await h.stateOf(b, 'receiving')).ice_transport_policy).toBe('relay');

    // While it rings (the caller's offer and candidates go early, ADR 0040) the same filter holds:
    // the ringing callee learns no address of the caller's but the relay's.
    const send = (body: object) => h.calls$('POST', '/calls/signal', a, { call_id: call.id, ...body });
    /** The call.signal events a user got, as text, once there are `n`. */
    const signalsOf = (who: typeof a, n: number) =>
      eventually(() => {
        const got = h.eventsOf(who, 'call.signal');
        if (got.length < n) throw new Error('not yet');
        return JSON.stringify(got);
      });
    const sdp = ['v=0', 'o=- 1 2 IN IP4 192.168.10.20', 'c=IN IP4 192.168.10.20', `a=${host}`, `a=${relay}`].join(
      '\r\n',
    );
    expect((await send({ kind: 'offer', sdp })).json().data).toEqual({ relayed: true });
    expect((await send({ kind: 'candidate', candidate: { candidate: host } })).json().data).toEqual({ relayed: false });
    // The callee's answer riding on its callanswer is filtered alike on its way to the caller.
    const calleeHost = 'candidate:2 1 udp 2122260223 192.168.10.30 50002 typ host generation 0';
    const answerSdp = ['v=0', 'o=- 3 4 IN IP4 192.168.10.30', 'c=IN IP4 192.168.10.30', `a=${calleeHost}`].join('\r\n');
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer', sdp: answerSdp });
    const answer = await signalsOf(a, 1);
    expect(answer).toContain('"kind":"answer"');
    expect(answer).not.toContain('192.168.10.30');
    expect((await send({ kind: 'candidate', candidate: { candidate: host } })).json().data).toEqual({ relayed: false });
    expect((await send({ kind: 'candidate', candidate: { candidate: relay } })).json().data).toEqual({ relayed: true });

    const received = await signalsOf(b, 2);
    expect(received).toContain('a=candidate:3 1 udp 41885439 198.51.100.9 61000 typ relay');
    expect(received).not.toContain('192.168.10.20');
    expect(received).toContain('typ relay');
    expect(received).not.toContain('raddr');
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });
});

describe.each(infraModes())('anonymous calls without a relay ($name)', (mode) => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses an anonymous peer-to-peer call with no TURN to relay it, saying why; named calls go on', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 4, is_anonymous: true });
    const refused = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'anonymous_needs_relay', error: CALL_MESSAGES.anonymousNeedsRelay });
    expect(h.eventsOf(b, 'call.state')).toEqual([]);
    // The voice's owner calling back into the anonymous room is refused alike.
    expect((await h.calls$('POST', `/rooms/${room}/calling`, b, {})).statusCode).toBe(403);
    const named = await h.room(a, { topic_id: h.voice(b), room_type_id: 4 });
    const placed = await h.calls$('POST', `/rooms/${named}/calling`, a, {});
    expect(placed.statusCode, placed.body).toBe(200);
    await h.calls$('POST', `/rooms/${named}/callanswer`, a, { action: 'hangup' });
  });
});
