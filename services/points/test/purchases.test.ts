import { requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { infraModes } from '@honne/service-kit/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openAccount } from '../src/db/repos/accounts.ts';

import { startPoints } from './support.ts';

const SECRET = 'whsec_test_0123456789abcdef';
const stripe = new Stripe('sk_test_unused');

/** A checkout.session.completed event as the provider sends it, with its signature header. */
function completed(
  eventId: string,
  session: Record<string, unknown>,
  secret = SECRET,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${eventId}`,
        object: 'checkout.session',
        payment_status: 'paid',
        currency: 'jpy',
        ...session,
      },
    },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

// Issue 15: points enter through a signed purchase webhook, credited once per provider event.
describe.each(infraModes())('the purchase webhook ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  beforeAll(async () => {
    env = await startPoints(mode, { purchaseWebhookSecret: SECRET });
  });
  afterAll(() => env?.close());
  beforeAll(async () => {
    for (let i = 1; i <= 9; i++) await openAccount(env.points.ctx.db, `buyer-${i}`, new Date());
  });

  const deliver = (e: { payload: string; signature: string }) =>
    env.points.app.inject({
      method: 'POST',
      url: '/points/purchases/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
      payload: e.payload,
    });
  const balance = async (userId: string) =>
    (await env.points.app.inject({ method: 'GET', url: '/points/balance', headers: env.as(userId) })).json().data
      .balance as number;

  it('credits a completed checkout’s pack once, however often the provider delivers the event', async () => {
    const event = completed('evt_buy_1', { amount_total: 1000, metadata: { user_id: 'buyer-1', pack: 'p1000' } });
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: true, credited: 1000 });
    const again = await deliver(event);
    expect(again.json().data).toEqual({ received: true, credited: 0 });
    expect(await balance('buyer-1')).toBe(1000);
    const history = (
      await env.points.app.inject({ method: 'GET', url: '/points/history', headers: env.as('buyer-1') })
    ).json().data as { kind: string; amount: number }[];
    expect(history).toEqual([expect.objectContaining({ kind: 'purchase', amount: 1000 })]);
  });

  it('refuses a payload whose signature does not check out, and credits nothing', async () => {
    const forged = completed(
      'evt_forged',
      { amount_total: 5000, metadata: { user_id: 'buyer-2', pack: 'p5000' } },
      'whsec_someone_else_000',
    );
    const res = await deliver(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(messages.purchaseSignatureInvalid);
    // The right signature over other bytes is no better.
    const real = completed('evt_tampered', { amount_total: 500, metadata: { user_id: 'buyer-2', pack: 'p500' } });
    const tampered = await deliver({ ...real, payload: real.payload.replace('"p500"', '"p10000"') });
    expect(tampered.statusCode).toBe(400);
    expect(await balance('buyer-2')).toBe(0);
  });

  it('credits nothing that is not a paid checkout of a pack at its price, and says so', async () => {
    for (const session of [
      { amount_total: 100, metadata: { user_id: 'buyer-3', pack: 'p1000' } },
      { amount_total: 1000, metadata: { user_id: 'buyer-3', pack: 'no-such-pack' } },
      { amount_total: 1000, payment_status: 'unpaid', metadata: { user_id: 'buyer-3', pack: 'p1000' } },
      { amount_total: 1000, metadata: { user_id: 'house:issued', pack: 'p1000' } },
      { amount_total: 1000, metadata: { pack: 'p1000' } },
    ]) {
      const res = await deliver(completed(`evt_${Math.random().toString(36).slice(2)}`, session));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(messages.purchaseNotCredited);
    }
    expect(await balance('buyer-3')).toBe(0);
  });

  it('takes other events without crediting anything', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'payment_intent.created',
      data: { object: {} },
    });
    const res = await deliver({
      payload,
      signature: stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    });
    expect(res.json().data).toEqual({ received: true, credited: 0 });
  });

  // Issue 25: odd inputs were credited, and an event id again with another body was a 500.
  it('refuses an event dated outside 300 s of now, either way', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 10 * 365 * 86_400, now + 400, now - 400]) {
      const res = await deliver(
        completed(
          `evt_t${timestamp}`,
          { amount_total: 500, metadata: { user_id: 'buyer-5', pack: 'p500' } },
          SECRET,
          timestamp,
        ),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(messages.purchaseSignatureInvalid);
    }
    expect(await balance('buyer-5')).toBe(0);
    const inTime = await deliver(
      completed('evt_t_ok', { amount_total: 500, metadata: { user_id: 'buyer-5', pack: 'p500' } }, SECRET, now + 200),
    );
    expect(inTime.json().data).toEqual({ received: true, credited: 500 });
  });

  it('answers 409 to a credited event id delivered again with another body, and credits nothing more', async () => {
    const first = completed('evt_twice', { amount_total: 500, metadata: { user_id: 'buyer-6', pack: 'p500' } });
    expect((await deliver(first)).json().data).toEqual({ received: true, credited: 500 });
    const other = completed('evt_twice', { amount_total: 5000, metadata: { user_id: 'buyer-6', pack: 'p5000' } });
    const res = await deliver(other);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'purchase_conflict', error: messages.purchaseConflict });
    expect(await balance('buyer-6')).toBe(500);
  });

  it('credits one checkout session once, whichever event ids announce it', async () => {
    const session = { id: 'cs_once', amount_total: 1000, metadata: { user_id: 'buyer-7', pack: 'p1000' } };
    expect((await deliver(completed('evt_session_a', session))).json().data).toEqual({
      received: true,
      credited: 1000,
    });
    const again = await deliver(completed('evt_session_b', session));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ received: true, credited: 0 });
    expect(await balance('buyer-7')).toBe(1000);
    const row = await env.points.ctx.db
      .selectFrom('purchase_events')
      .select('status')
      .where('event_id', '=', 'evt_session_b')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('duplicate_session');
  });

  it('refuses a buyer who is no user (unknown or malformed), and keeps the event for operators', async () => {
    const ids = ['00000000-0000-4000-8000-00000000dead', "x'; drop table accounts; --", 'z'.repeat(300)];
    for (const [i, userId] of ids.entries()) {
      const res = await deliver(
        completed(`evt_nobody_${i}`, { amount_total: 500, metadata: { user_id: userId, pack: 'p500' } }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(messages.purchaseNotCredited);
      expect(await balance(userId)).toBe(0);
    }
    // Operators list them in the console, which asks points over the bus (ADR 0034).
    const listed = await env.infra.bus.request(requests.pointsOperatorPurchases, { status: 'unresolved' });
    if (!listed.ok) throw new Error(listed.message);
    const unresolved = listed.data;
    for (const [i, userId] of ids.entries())
      expect(unresolved).toContainEqual(
        expect.objectContaining({ event_id: `evt_nobody_${i}`, user_id: userId, reason: 'unknown_user' }),
      );
    expect(JSON.parse(unresolved.find((e) => e.event_id === 'evt_nobody_0')!.body).id).toBe('evt_nobody_0');
    // Points itself serves no operator path over HTTP: the console's is safety's.
    const asUser = await env.points.app.inject({
      method: 'GET',
      url: '/admin/points/purchases',
      headers: env.as('buyer-1'),
    });
    expect(asUser.statusCode).toBe(404);
  });

  it('refuses purchases when no signing secret is configured', async () => {
    const bare = await startPoints(mode);
    try {
      const e = completed('evt_nosecret', { amount_total: 500, metadata: { user_id: 'buyer-4', pack: 'p500' } });
      const res = await bare.points.app.inject({
        method: 'POST',
        url: '/points/purchases/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
        payload: e.payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(messages.purchasesUnavailable);
    } finally {
      await bare.close();
    }
  });
});

// /manage-point's refund request: recorded for operators with the balance, one open at a time.
describe.each(infraModes())('refund requests ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  beforeAll(async () => {
    env = await startPoints(mode);
  });
  afterAll(() => env?.close());
  const ask = (userId: string, reason: string) =>
    env.points.app.inject({
      method: 'POST',
      url: '/points/refund_requests',
      headers: env.as(userId),
      payload: { reason },
    });

  it('needs a reason, records one open request per user with the balance, and says so', async () => {
    const empty = await ask('refunder', '   ');
    expect(empty.statusCode).toBe(403);
    expect(empty.json().errors).toEqual({ reason: messages.refundReasonRequired });
    const first = await ask('refunder', '誤って購入しました');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.message).toBe(messages.refundRequested);
    const row = await env.points.ctx.db
      .selectFrom('refund_requests')
      .selectAll()
      .where('user_id', '=', 'refunder')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: '誤って購入しました', balance: 0, status: 'open' });
    const again = await ask('refunder', 'もう一度');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(messages.refundAlreadyOpen);
    expect((await ask('someone-else', '別の人')).statusCode).toBe(200);
  });
});
