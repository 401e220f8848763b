import { CALL_MESSAGES, DISCONNECT_CODES, type CallView } from '@honne/contracts/calls';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Person } from './harness.ts';

describe.each(infraModes())('paid calls: charged per begun minute by the server’s clock ($name)', (mode) => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Payer A calls owner B on B's voice priced `price` a minute; both connect. */
  async function connected(price: number, extra: object = {}) {
    const [a, b] = [await h.user('はらう'), await h.user('うけとる')];
    const topic = h.voice(b, { call_price: price, time_call_price: 1, ...extra });
    const room = await h.room(a, { topic_id: topic, room_type_id: 4 });
    const started = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
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

  it('leaves the time the line was down out of the bill: a gap of silence, then the side is back', async () => {
    const { a, b, room, call } = await connected(10, { purchase_on_start: true });
    expect(chargesOf(call.id)).toHaveLength(1);
    await talk(45_000, a, b, room);
    // A's line drops at 45 s: only B's pings arrive for 12 s (under the 15 s that ends a call).
    for (const step of [5_000, 5_000, 2_000]) {
      h.clock.advance(step);
      await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'alive' });
      await h.runTimers();
    }
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'alive' });
    await h.stateOf(a, 'connected');
    // 65 s since the start, 7 s of it down (from one ping interval after A's last sign of life):
    // 58 s talked, still the first minute. Without the gap, minute 2 would have begun.
    await talk(8_000, a, b, room);
    expect(chargesOf(call.id)).toHaveLength(1);
    // Past a minute of talk, the second is billed as usual.
    await talk(10_000, a, b, room);
    expect(chargesOf(call.id).map((c) => c.key)).toEqual([1, 2].map((m) => `call:${call.id}:${m}`));
  });

  it('bills nothing for a silence still going on: the sweep waits while a side is gone', async () => {
    const { a, b, room, call } = await connected(10, { purchase_on_start: true });
    await talk(50_000, a, b, room);
    // A falls silent at 50 s; at 63 s the line has been down 8 s (counted from 55 s): 55 s talked,
    // so the sweep does not begin minute 2 (63 s on the clock would have).
    for (const step of [5_000, 5_000, 3_000]) {
      h.clock.advance(step);
      await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'alive' });
      await h.runTimers();
    }
    expect(chargesOf(call.id)).toHaveLength(1);
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
});
