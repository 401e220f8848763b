import type { CallView } from '@honne/contracts/calls';
import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes, publishRestriction } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually, startHarness, type Person } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

// Issue 27: a muted person places no call until the mute ends; being called stays allowed. A report
// from inside a call ends it for both and blocks the room (chat), as safety's event asks.
describe.each(infraModes())('a mute enforced by calls ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode, { iceServers: [{ urls: ['turn:turn.example.test:3478'] }] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a muted caller with the end of the mute, still rings them, and lets them call after', async () => {
    const [muted, other] = [await h.user(), await h.user()];
    const room = await h.room(muted, { topic_id: h.voice(other), room_type_id: 4 });
    await publishRestriction(h.infra.bus, h.calls.ctx.db, {
      person_id: `person-${muted.userId}`,
      user_ids: [muted.userId],
      restriction: 'mute',
      until: new Date(h.clock.now().getTime() + 60_000),
      at: h.clock.now(),
    });
    const refused = await h.calls$('POST', `/rooms/${room}/calling`, muted, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/^現在、投稿・チャット・通話が制限されています（\d+月\d+日 \d\d:\d\dまで）$/);

    // The partner may still call the muted person, who may answer.
    const ringing = await h.calls$('POST', `/rooms/${room}/calling`, other, {});
    expect(ringing.statusCode, ringing.body).toBe(200);
    await h.stateOf(muted, 'receiving');
    const answered = await h.calls$('POST', `/rooms/${room}/callanswer`, muted, { action: 'refuse' });
    expect(answered.statusCode, answered.body).toBe(200);

    h.clock.advance(60_001);
    expect((await h.calls$('POST', `/rooms/${room}/calling`, muted, {})).statusCode).toBe(200);
  });

  it('refuses a frozen payer a paid call, placed or approved, with the words points uses; a free call still rings', async () => {
    const [frozen, owner] = [await h.user(), await h.user()];
    await publishRestriction(h.infra.bus, h.calls.ctx.db, {
      person_id: `person-${frozen.userId}`,
      user_ids: [frozen.userId],
      restriction: 'freeze',
      until: null,
      at: h.clock.now(),
    });
    // Charged from the start: refused before anyone is rung, even with the caller's yes to the price.
    const paid = await h.room(frozen, {
      topic_id: h.voice(owner, { call_price: 30, time_call_price: 1, purchase_on_start: true }),
      room_type_id: 4,
    });
    for (const body of [{}, { confirm_price: true }]) {
      const refused = await h.calls$('POST', `/rooms/${paid}/calling`, frozen, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'points_frozen',
        error: messages.pointsFrozen,
        errors: { call_price: messages.pointsFrozen },
      });
    }
    expect(await h.calls.ctx.db.selectFrom('calls').select('id').where('room_id', '=', paid).execute()).toEqual([]);

    // Charged once the owner asks: the call is placed free, and the frozen payer cannot say yes.
    const later = await h.room(frozen, {
      topic_id: h.voice(owner, { call_price: 30, time_call_price: 1 }),
      room_type_id: 4,
    });
    expect((await h.calls$('POST', `/rooms/${later}/calling`, frozen, {})).statusCode).toBe(200);
    await h.calls$('POST', `/rooms/${later}/callanswer`, owner, { action: 'answer' });
    await h.calls$('POST', `/rooms/${later}/pingConnectRoomChat`, frozen, { state: 'connected' });
    await h.calls$('POST', `/rooms/${later}/pingConnectRoomChat`, owner, { state: 'connected' });
    await h.stateOf(frozen, 'connected');
    expect((await h.calls$('POST', `/rooms/${later}/requestpaidcall`, owner)).statusCode).toBe(200);
    const approve = await h.calls$('POST', `/rooms/${later}/confirmrequestpaidcall`, frozen, { approve: true });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error).toBe(messages.pointsFrozen);
    const row = await h.calls.ctx.db
      .selectFrom('calls')
      .select(['charging', 'phase'])
      .where('room_id', '=', later)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ charging: 'requested', phase: 'connected' });
  });

  it('ends a reported anonymous call on both screens and blocks the room, so the next call is refused', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const room = await h.room(a, { topic_id: h.voice(b), room_type_id: 4, is_anonymous: true });
    expect((await h.calls$('POST', `/rooms/${room}/calling`, a, {})).statusCode).toBe(200);
    await h.calls$('POST', `/rooms/${room}/callanswer`, b, { action: 'answer' });
    await h.stateOf(b, 'waiting_connect');
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, a, { state: 'connected' });
    await h.calls$('POST', `/rooms/${room}/pingConnectRoomChat`, b, { state: 'connected' });
    const live = await h.stateOf(b, 'connected');

    // What safety publishes when b presses 通報する in the call.
    await h.infra.bus.publish(events.callReported, {
      event_id: `report-${live.id}`,
      report_id: `report-${live.id}`,
      room_id: room,
      reporter_id: b.userId,
      reported_id: a.userId,
      anonymous: true,
      at: h.clock.now().toISOString(),
    });
    const ended = (p: Person) =>
      eventually(() => {
        const last = h.eventsOf(p, 'call.state').at(-1)?.data as CallView | undefined;
        if (!last || last.id !== live.id || !last.end_cause) throw new Error(`${p.name}: call not ended yet`);
        return last;
      });
    // A connected call ends as a disconnect on both screens (a ringing one would read 'blocked').
    expect((await ended(a)).end_cause).toBe('disconnect');
    expect((await ended(b)).end_cause).toBe('disconnect');
    await eventually(async () => {
      const row = await h.chat.ctx.db
        .selectFrom('room_blocks')
        .selectAll()
        .where('room_id', '=', room)
        .where('blocker_id', '=', b.userId)
        .executeTakeFirst();
      if (!row) throw new Error('room not blocked yet');
    });
    const refused = await h.calls$('POST', `/rooms/${room}/calling`, a, {});
    expect(refused.statusCode).toBe(403);
  });
});
