import { randomUUID } from 'node:crypto';

import { CALL_RECORD, type CallView } from '@honne/contracts/calls';
import { GREETING_MESSAGES } from '@honne/contracts/greetings';
import { cutDurablePublishes, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { b64, oggOpus, webm } from '@honne/service-kit/testing-audio';

import { callsRelay } from '../src/events/outbox.ts';

import { eventually, startHarness, type Person } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

// Issue 26: the spec's client works unchanged — its request shapes for calls and greetings, beside
// the app's own — and a call's end reaches the room's record even when the bus is down at that moment.
describe.each(infraModes())("calls: the spec's request shapes ($name)", (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function room(a: Person, b: Person, voice: object = {}) {
    const topic = h.voice(b, voice);
    return h.room(a, { topic_id: topic, room_type_id: 4 });
  }

  it('GET /rooms/{id}/calling?user_id places the call, and the same GET while it rings is the same call', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const r = await room(a, b);
    // Without user_id it stays a read: nothing rings.
    expect((await h.calls$('GET', `/rooms/${r}/calling`, a)).json().data).toBeNull();

    const placed = await h.calls$('GET', `/rooms/${r}/calling?user_id=${a.userId}`, a);
    expect(placed.statusCode, placed.body).toBe(200);
    const call = placed.json().data as CallView;
    expect(call).toMatchObject({ room_id: r, role: 'caller', state: 'calling' });
    expect(await h.stateOf(b, 'receiving')).toMatchObject({ id: call.id });

    const again = await h.calls$('GET', `/rooms/${r}/calling?user_id=${a.userId}`, a);
    expect(again.json().data).toMatchObject({ id: call.id, state: 'calling' });
    expect(h.eventsOf(b, 'call.state').filter((e) => (e.data as CallView).state === 'receiving')).toHaveLength(1);
    await h.calls$('POST', `/rooms/${r}/callanswer`, a, { action: 'hangup' });
  });

  it('pingConnectRoomChat {signal_id, user_id, id} without a state reports the media up: both connect', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const r = await room(a, b);
    const call = (await h.calls$('POST', `/rooms/${r}/calling`, a, {})).json().data as CallView;
    await h.calls$('POST', `/rooms/${r}/callanswer`, b, { action: 'answer' });
    for (const who of [a, b]) {
      const res = await h.calls$('POST', `/rooms/${r}/pingConnectRoomChat`, who, {
        signal_id: call.id,
        user_id: who.userId,
        id: r,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await h.stateOf(a, 'connected');
    // Repeated while connected it keeps the call alive, as 'alive' does.
    const later = await h.calls$('POST', `/rooms/${r}/pingConnectRoomChat`, a, { signal_id: call.id });
    expect(later.json().data).toMatchObject({ state: 'connected' });
    await h.calls$('POST', `/rooms/${r}/callanswer`, a, { action: 'hangup' });
  });

  it.each([
    [1, 'approved'],
    [true, 'approved'],
    ['1', 'approved'],
    [0, 'refused'],
    [false, 'refused'],
  ] as const)('confirmrequestpaidcall {status: %j} → %s', async (status, charging) => {
    const [a, b] = [await h.user(), await h.user()];
    const r = await room(a, b, { call_price: 20, time_call_price: 1 });
    await h.calls$('POST', `/rooms/${r}/calling`, a, {});
    await h.calls$('POST', `/rooms/${r}/callanswer`, b, { action: 'answer' });
    for (const who of [a, b]) await h.calls$('POST', `/rooms/${r}/pingConnectRoomChat`, who, { state: 'connected' });
    await h.stateOf(a, 'connected');
    await h.calls$('POST', `/rooms/${r}/requestpaidcall`, b);
    const res = await h.calls$('POST', `/rooms/${r}/confirmrequestpaidcall`, a, { status });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ charging, charged_points: charging === 'approved' ? 20 : 0 });
    await h.calls$('POST', `/rooms/${r}/callanswer`, a, { action: 'hangup' });
  });

  it('confirmrequestpaidcall with neither approve nor status is a field error', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const r = await room(a, b, { call_price: 20 });
    const res = await h.calls$('POST', `/rooms/${r}/confirmrequestpaidcall`, a, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toHaveProperty('approve');
  });

  it("queues a call's end with it: the bus down at the hang-up delays the room's record, never loses it", async () => {
    const [a, b] = [await h.user(), await h.user()];
    const r = await room(a, b);
    const call = (await h.calls$('POST', `/rooms/${r}/calling`, a, {})).json().data as CallView;
    const restore = cutDurablePublishes(h.calls.ctx.bus);
    try {
      const hung = await h.calls$('POST', `/rooms/${r}/callanswer`, a, { action: 'hangup' });
      expect(hung.json().data).toMatchObject({ end_cause: 'cancel' });
      const pending = await h.calls.ctx.db
        .selectFrom('outbox')
        .select('event_id')
        .where('published_at', 'is', null)
        .execute();
      expect(pending.map((p) => p.event_id)).toContain(`ended:${call.id}`);
    } finally {
      restore();
    }
    const records = async () =>
      ((await h.chat$('GET', `/rooms/${r}/messages`, b)).json().data as { message_type_id: number }[]).filter(
        (m) => m.message_type_id === CALL_RECORD.cancel,
      );
    expect(await records()).toHaveLength(0);
    await callsRelay(h.calls.ctx).now();
    await callsRelay(h.calls.ctx).now();
    await eventually(async () => expect(await records()).toHaveLength(1));
  });
});

describe.each(infraModes())("greeting in the spec's seven parts ($name)", (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  const sevenOf = (whole: string) => {
    const size = Math.ceil(whole.length / 7);
    return Array.from({ length: 7 }, (_, i) => whole.slice(i * size, (i + 1) * size));
  };
  const part = (who: Person, n: number, data: string, userId: string = who.userId) =>
    h.calls$('PUT', `/users/audio_record_${n}`, who, { user_id: userId, [`audioRecord${n}`]: data });
  const mine = async (who: Person) => (await h.calls$('GET', '/users/audio_record', who)).json().data;

  it('keeps the parts until all seven are in, then stores the recording they make, checked as one upload', async () => {
    const me = await h.user();
    const bytes = webm(4000);
    const parts = sevenOf(`data:audio/webm;codecs=opus;base64,${b64(bytes)}`);
    for (let n = 1; n <= 6; n++) {
      const res = await part(me, n, parts[n - 1]!);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ received: n, greeting: null });
      expect(await mine(me)).toBeNull();
    }
    const last = await part(me, 7, parts[6]!);
    expect(last.json().data).toMatchObject({ received: 7, greeting: { mime_type: 'audio/webm', duration_ms: 3980 } });
    const back = await mine(me);
    expect(Buffer.from(back.audio.split(',')[1], 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('takes the parts in any order, as bare base64, and reads the type from the bytes', async () => {
    const me = await h.user();
    const parts = sevenOf(b64(oggOpus(5000)));
    for (const n of [3, 1, 7, 2, 6, 4]) expect((await part(me, n, parts[n - 1]!)).statusCode).toBe(200);
    expect((await part(me, 5, parts[4]!)).json().data.greeting).toMatchObject({ mime_type: 'audio/ogg' });
    expect(await mine(me)).toMatchObject({ mime_type: 'audio/ogg', duration_ms: 5000 });
  });

  it('refuses a whole that fails the checks under the completing part, and starts afresh after', async () => {
    const me = await h.user();
    const tooLong = sevenOf(`data:audio/webm;base64,${b64(webm(24_000))}`);
    for (let n = 1; n <= 6; n++) await part(me, n, tooLong[n - 1]!);
    const refused = await part(me, 7, tooLong[6]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errors: { audioRecord7: GREETING_MESSAGES.tooLong } });
    expect(await mine(me)).toBeNull();
    // The refused parts are gone: a new upload's first part is one of seven, not the eighth.
    expect((await part(me, 1, 'AAAA')).json().data).toEqual({ received: 1, greeting: null });
  });

  it('refuses a part whose user_id names someone else', async () => {
    const me = await h.user();
    const res = await part(me, 1, 'AAAA', randomUUID());
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toHaveProperty('user_id');
  });
});
