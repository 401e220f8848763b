import { CALL_MESSAGES, CALL_RECORD, DISCONNECT_CODES, type CallView } from '@honne/contracts/calls';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Person } from './harness.ts';

describe.each(infraModes())('paid calls: charged per begun minute by the server’s clock ($name)', (mode) => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Payer A calls owner B on B's voice priced `price` a minute; both connect. */
  async function connected(price: number, extra: { purchase_on_start?: boolean } = {}) {
    const [a, b] = [await h.user('はらう'), await h.user('うけとる')];
    const topic = h.voice(b, { call_price: price, time_call_price: 1, ...extra });
    const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
    // A charge-from-start call is placed with the caller's yes to its price (walk #4).
    const body = extra.purchase_on_start ? { confirm_price: true } : {};
    const started = await h.calls$('POST', `/rooms/${room}/calling`, a, body);
    expect(started.statusCode, started.body).toBe(200);
    const call = started.json().data as CallView;
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'connected' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'connected' });
    await h.stateOf(a, 'connected');
    return { a, b, room, call };
  }
  /** Time passes in a live call: both sides ping every 5 s (as clients do), the sweep runs. */
  async function talk(ms: number, a: Person, b: Person, room: string) {
    for (let t = 0; t < ms; t += 5_000) {
      h.clock.advance(Math.min(5_000, ms - t));
      for (const who of [a, b]) await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, who, { state: 'alive' });
      await h.runTimers();
    }
  }
  const chargesOf = (callId: string) => [...h.charges.values()].filter((c) => c.call_id === callId);
  const view = async (who: Person, room: string) =>
    (await h.calls$('GET', `/rooms/${room}/calling`, who)).json().data as CallView;

  it('bills nothing until the owner asks and the payer approves; then one minute at once and each begun minute after', async () => {
    const { a, b, room, call } = await connected(30);
    expect(await view(a, room)).toMatchObject({ i_pay: true, charging: 'none', charged_points: 0 });
    await talk(90_000, a, b, room);
    expect(chargesOf(call.id)).toEqual([]);

    // Only the owner may ask, once.
    expect((await h.calls$('POST', `/rooms/${room}/requestpaidcall`, a)).statusCode).toBe(403);
    const asked = await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    expect(asked.json().data).toMatchObject({ charging: 'requested', i_pay: false });
    const twice = await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toMatchObject({ error: CALL_MESSAGES.chargeNotAllowed });
    // Only the payer may answer.
    expect((await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, b, { approve: true })).statusCode).toBe(
      403,
    );

    const approved = await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: true });
    expect(approved.json().data).toMatchObject({ charging: 'approved', charged_points: 30 });
    expect(chargesOf(call.id).map((c) => c.key)).toEqual([`call:${call.id}:1`]);
    expect(chargesOf(call.id)[0]).toMatchObject({ kind: 'call_minute', from: a.userId, to: b.userId, amount: 30 });

    // 3 min 10 s after approval: minutes 2, 3 and 4 have begun.
    await talk(3 * 60_000 + 10_000, a, b, room);
    await h.runTimers(); // a second sweep bills nothing twice
    expect(chargesOf(call.id).map((c) => c.key)).toEqual([1, 2, 3, 4].map((m) => `call:${call.id}:${m}`));
    expect(await view(b, room)).toMatchObject({ charged_points: 120 });

    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    expect(chargesOf(call.id)).toHaveLength(4);
  });

  it('ends the call by itself, 切断されました。44 for both, when the payer cannot pay the next minute', async () => {
    const { a, b, room, call } = await connected(40);
    h.wallet.set(a.userId, 100);
    await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: true });
    await talk(61_000, a, b, room);
    expect(chargesOf(call.id)).toHaveLength(2);
    expect(h.wallet.get(a.userId)).toBe(20);
    await talk(60_000, a, b, room);
    for (const who of [a, b]) {
      const ended = await h.stateOf(who, 'disconnect');
      expect(ended).toMatchObject({ end_cause: 'no_points', disconnect_code: DISCONNECT_CODES.server });
    }
    expect(chargesOf(call.id)).toHaveLength(2);
    expect([h.wallet.get(a.userId), h.wallet.get(b.userId)]).toEqual([20, 80]);
  });

  /** Both sides connected for `ms`, each pinging on its own beat (`path` per side: how it says alive). */
  async function talkPinging(
    ms: number,
    sides: { who: Person; everyMs: number; path: 'pingConnectRoomChat' | 'pingOnPaidCall' }[],
    room: string,
  ) {
    const next = new Map(sides.map((s) => [s.who, s.everyMs]));
    for (let t = 1_000; t <= ms; t += 1_000) {
      h.clock.advance(1_000);
      for (const s of sides) {
        if (t < next.get(s.who)!) continue;
        next.set(s.who, t + s.everyMs);
        const body = s.path === 'pingConnectRoomChat' ? { state: 'alive' } : undefined;
        const pinged = await h.calls$('POST', `/rooms/${room}/${s.path}`, s.who, body);
        expect(pinged.statusCode, pinged.body).toBe(200);
      }
      if (t % 5_000 === 0) await h.runTimers();
    }
    await h.runTimers();
  }

  it('bills the server’s connected time: a payer pinging every 14 s instead of 5 s pays the same', async () => {
    // Issue 25: 190 s of talk cost 400 points pinging every 5 s and 200 pinging every 14 s.
    const bills: number[][] = [];
    for (const payerEvery of [5_000, 14_000]) {
      const { a, b, room, call } = await connected(100, { purchase_on_start: true });
      await talkPinging(
        190_000,
        [
          { who: a, everyMs: payerEvery, path: 'pingConnectRoomChat' },
          { who: b, everyMs: 5_000, path: 'pingConnectRoomChat' },
        ],
        room,
      );
      expect((await view(a, room)).state).toBe('connected');
      bills.push(chargesOf(call.id).map((c) => c.amount));
      await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    }
    // 190 s: minutes 1 to 4 have begun, whichever the beat.
    expect(bills).toEqual([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
    ]);
  });

  it('ends a payer who stops pinging as dropped (22/33), billed up to the end, not less while connected', async () => {
    const { a, b, room, call } = await connected(10, { purchase_on_start: true });
    await talk(50_000, a, b, room);
    // A falls silent at 50 s; B keeps pinging. 15 s later the call ends, A's line dropped.
    for (let i = 0; i < 3; i++) {
      h.clock.advance(5_000);
      await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'alive' });
      await h.runTimers();
    }
    expect(await h.stateOf(a, 'disconnect')).toMatchObject({
      end_cause: 'disconnect',
      disconnect_code: DISCONNECT_CODES.selfLost,
    });
    expect(await h.stateOf(b, 'disconnect')).toMatchObject({ disconnect_code: DISCONNECT_CODES.partnerLost });
    // Connected 65 s: two minutes begun, both billed (the silence was not taken off).
    expect(chargesOf(call.id).map((c) => c.key)).toEqual([1, 2].map((m) => `call:${call.id}:${m}`));
  });

  it('takes the spec’s pingOnPaidCall as the payer’s keep-alive: the call stays up, the bill is the clock’s', async () => {
    const { a, b, room, call } = await connected(10, { purchase_on_start: true });
    // The payer's client sends only pingOnPaidCall (spec §7), with no body; the owner pings as ours do.
    await talkPinging(
      130_000,
      [
        { who: a, everyMs: 5_000, path: 'pingOnPaidCall' },
        { who: b, everyMs: 5_000, path: 'pingConnectRoomChat' },
      ],
      room,
    );
    const now = await view(a, room);
    expect(now).toMatchObject({ state: 'connected', i_pay: true, charged_points: 30 });
    expect(chargesOf(call.id)).toHaveLength(3);
    // Only the payer keeps a paid call alive this way; someone outside the call hears nothing of it.
    const owner = await h.calls$('POST', `/rooms/${room}/pingOnPaidCall`, b);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toMatchObject({ error: CALL_MESSAGES.chargeNotAllowed });
    const stranger = await h.user('よそもの');
    expect((await h.calls$('POST', `/rooms/${room}/pingOnPaidCall`, stranger)).statusCode).toBe(404);
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    expect((await h.calls$('POST', `/rooms/${room}/pingOnPaidCall`, a)).statusCode).toBe(404);
  });

  it('ends the call before it passes the cap the payer set, and says why to both', async () => {
    const { a, b, room, call } = await connected(30);
    await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    // A cap below one period's price could not pay for anything: refused, nothing approved.
    const low = await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: true, spend_cap: 20 });
    expect(low.statusCode).toBe(403);
    expect(low.json().errors).toEqual({ spend_cap: CALL_MESSAGES.spendCapTooLow });
    const approved = await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, {
      approve: true,
      spend_cap: 100,
    });
    expect(approved.json().data).toMatchObject({ charging: 'approved', charged_points: 30, spend_cap: 100 });
    // Minutes 2 and 3 (60 and 90 points) fit; minute 4 would be 120: the call ends before it.
    await talk(2 * 60_000 + 10_000, a, b, room);
    expect(chargesOf(call.id)).toHaveLength(3);
    await talk(60_000, a, b, room);
    expect(await h.stateOf(a, 'end')).toMatchObject({ end_cause: 'spend_cap', review: true });
    expect(await h.stateOf(b, 'end')).toMatchObject({ end_cause: 'spend_cap', review: false });
    expect(chargesOf(call.id)).toHaveLength(3);
    // The payer still had plenty: it was the cap, not the balance.
    expect(h.wallet.get(a.userId)).toBe(1_000_000 - 90);
  });

  it('ends the call when a payer under 18 reaches their monthly cap (points answers monthly_cap), saying so', async () => {
    const { a, b, room, call } = await connected(30);
    h.monthLeft.set(a.userId, 70);
    await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: true });
    await talk(61_000, a, b, room);
    expect(chargesOf(call.id)).toHaveLength(2);
    await talk(60_000, a, b, room);
    expect(await h.stateOf(a, 'end')).toMatchObject({ end_cause: 'monthly_cap', i_pay: true });
    expect(await h.stateOf(b, 'end')).toMatchObject({ end_cause: 'monthly_cap', i_pay: false });
    expect(chargesOf(call.id)).toHaveLength(2);
    expect(h.wallet.get(a.userId)).toBe(1_000_000 - 60);
  });

  it('ends the call when a moderator froze the payer’s points (points answers frozen), telling the payer why', async () => {
    const { a, b, room, call } = await connected(30);
    await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: true });
    await talk(61_000, a, b, room);
    expect(chargesOf(call.id)).toHaveLength(2);
    h.frozen.add(a.userId);
    await talk(60_000, a, b, room);
    expect(await h.stateOf(a, 'end')).toMatchObject({ end_cause: 'points_frozen', i_pay: true });
    expect(await h.stateOf(b, 'end')).toMatchObject({ end_cause: 'points_frozen', i_pay: false });
    expect(chargesOf(call.id)).toHaveLength(2);
  });

  it('charges nothing when the payer refuses; the owner is told', async () => {
    const { a, b, room, call } = await connected(20);
    await h.calls$('POST', `/rooms/${room}/requestpaidcall`, b);
    const refused = await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: false });
    expect(refused.json().data).toMatchObject({ charging: 'refused', charged_points: 0 });
    await h.stateOf(b, 'connected');
    expect((await view(b, room)).charging).toBe('refused');
    await talk(5 * 60_000, a, b, room);
    expect(chargesOf(call.id)).toEqual([]);
  });

  it('charges from the connection with purchase_on_start, with no request; free calls never', async () => {
    const paid = await connected(10, { purchase_on_start: true });
    expect(await view(paid.a, paid.room)).toMatchObject({ charging: 'approved', charged_points: 10 });
    expect(chargesOf(paid.call.id)).toHaveLength(1);

    const free = await connected(0);
    expect((await h.calls$('POST', `/rooms/${free.room}/requestpaidcall`, free.b)).statusCode).toBe(403);
    h.clock.advance(10 * 60_000);
    await h.runTimers();
    expect(chargesOf(free.call.id)).toEqual([]);
  });

  it('says in both sides’ call record what the call cost, the same as the bill, even when a minute began just before the hang-up', async () => {
    const { a, b, room, call } = await connected(50, { purchase_on_start: true });
    await talk(60_000, a, b, room);
    // Minute 2 begins and A hangs up 400 ms later, before any sweep has billed it: it is owed.
    h.clock.advance(400);
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    expect(chargesOf(call.id).map((c) => c.amount)).toEqual([50, 50]);
    for (const who of [a, b]) {
      const record = await eventually(async () => {
        const msgs = (await h.chat$('GET', `/rooms/${room}/messages`, who)).json().data as {
          message_type_id: number;
          data: string;
        }[];
        const r = msgs.find((m) => m.message_type_id === CALL_RECORD.success);
        if (!r) throw new Error('no call record yet');
        return r;
      });
      expect(record.data).toBe('60:100');
    }

    // A free call's record stays the talk time alone.
    const free = await connected(0);
    h.clock.advance(30_000);
    await h.calls$('POST', `/rooms/${free.room}/callanswer`, free.b, { action: 'hangup' });
    const freeRecord = await eventually(async () => {
      const msgs = (await h.chat$('GET', `/rooms/${free.room}/messages`, free.a)).json().data as {
        message_type_id: number;
        data: string;
      }[];
      const r = msgs.find((m) => m.message_type_id === CALL_RECORD.success);
      if (!r) throw new Error('no call record yet');
      return r;
    });
    expect(freeRecord.data).toBe('30');
  });

  it('places a charge-from-start call only with the caller’s yes to its price; without it nothing rings or is taken', async () => {
    const [a, b] = [await h.user('はらう'), await h.user('うけとる')];
    const topic = h.voice(b, { call_price: 50, time_call_price: 1, purchase_on_start: true });
    const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
    const refused = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'price_confirmation_required',
      error: 'この通話は1分50ポイントです。料金を確認してください。',
    });
    // Nothing was placed: the owner has no ring and the caller no call.
    expect((await view(a, room)) ?? null).toBeNull();
    expect((await h.calls$('GET', '/calls/current', b)).json().data).toBeNull();
    const placed = await h.calls$('POST', `/rooms/${room}/calling`, a, { confirm_price: true });
    expect(placed.json().data).toMatchObject({ state: 'calling', charging: 'approved', i_pay: true });
    await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
  });

  it('asks the payer in the call when the placement could not: the spec’s GET, and the owner calling', async () => {
    for (const who of ['spec client', 'owner'] as const) {
      const [a, b] = [await h.user('はらう'), await h.user('うけとる')];
      const topic = h.voice(b, { call_price: 50, time_call_price: 1, purchase_on_start: true });
      const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
      const [caller, callee] = who === 'owner' ? [b, a] : [a, b];
      const placed =
        who === 'owner'
          ? await h.calls$('POST', `/rooms/${room}/calling`, b, {})
          : await h.calls$('GET', `/rooms/${room}/calling?user_id=${b.userId}`, a);
      expect(placed.statusCode, placed.body).toBe(200);
      const call = placed.json().data as CallView;
      expect(call).toMatchObject({ charging: 'requested', i_pay: who !== 'owner' });
      await h.calls$('POST', `/rooms/${room}/callanswer`, callee, { action: 'answer' });
      for (const side of [caller, callee])
        await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, side, { state: 'connected' });
      await h.stateOf(a, 'connected');
      await talk(90_000, a, b, room);
      // Connected a minute and a half, and nothing taken: the payer has not said yes.
      expect(chargesOf(call.id)).toEqual([]);
      expect(await view(a, room)).toMatchObject({ charging: 'requested', i_pay: true, charged_points: 0 });
      const approved = await h.calls$('POST', `/rooms/${room}/confirmrequestpaidcall`, a, { approve: true });
      expect(approved.json().data).toMatchObject({ charging: 'approved', charged_points: 50 });
      await h.calls$('POST', `/rooms/${room}/callanswer`, a, { action: 'hangup' });
    }
  });
});
