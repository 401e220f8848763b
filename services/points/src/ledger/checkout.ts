import { randomUUID } from 'node:crypto';

import { messages } from '@honne/contracts/messages';
import { POINT_PACKS, type Checkout } from '@honne/contracts/points';
import { AppError } from '@honne/service-kit';
import Stripe from 'stripe';

import type { PointsConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { checkoutOf, insertCheckout, type CheckoutRow } from '../db/repos/checkouts.ts';
import { receivePurchase } from './purchase.ts';

// Buying a pack: a Stripe Checkout session in yen, through Stripe's official SDK, with the buyer,
// the pack and our checkout id in its metadata. Points never enter here: the provider's signed
// webhook (purchase.ts) credits them, once, and marks the checkout paid. Without a provider, and
// never in production, the app's own test checkout is paid by signing the same event with the
// webhook secret and handing it to the same receivePurchase.

const clients = new WeakMap<NonNullable<PointsConfig['stripe']>, Stripe>();

function stripeFor(config: NonNullable<PointsConfig['stripe']>): Stripe {
  let client = clients.get(config);
  if (!client) {
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}

function view(row: CheckoutRow): Checkout {
  return {
    id: row.id,
    pack: row.pack,
    points: row.points,
    yen: row.yen,
    status: row.status,
    url: row.url,
    test: row.provider === 'test',
    created_at: row.created_at.toISOString(),
  };
}

/** The test checkout is a stand-in for a provider: only where none is configured, never in production. */
function testCheckoutsAllowed(ctx: AppContext): boolean {
  return !ctx.config.stripe && ctx.config.env !== 'production' && Boolean(ctx.config.purchaseWebhookSecret);
}

export async function openCheckout(
  ctx: AppContext,
  userId: string,
  packId: string,
  origin: string | undefined,
): Promise<Checkout> {
  const pack = POINT_PACKS.find((p) => p.id === packId);
  if (!pack) throw new AppError(404, 'not_found', messages.notFound);
  const id = randomUUID();
  const base = { id, user_id: userId, pack: pack.id, points: pack.points, yen: pack.yen, created_at: ctx.clock.now() };
  const stripe = ctx.config.stripe;
  if (stripe && ctx.config.purchaseWebhookSecret) {
    const returnTo = ctx.config.publicUrl ?? origin;
    if (!returnTo) throw new AppError(503, 'purchases_unavailable', messages.purchasesUnavailable);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripeFor(stripe).checkout.sessions.create(
        {
          mode: 'payment',
          locale: 'ja',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'jpy',
                unit_amount: pack.yen,
                product_data: { name: `honne ${pack.points.toLocaleString('ja-JP')}ポイント` },
              },
            },
          ],
          client_reference_id: id,
          metadata: { user_id: userId, pack: pack.id, checkout_id: id },
          success_url: `${returnTo}/manage-point?checkout=${id}`,
          cancel_url: `${returnTo}/manage-point?checkout=${id}&cancelled=1`,
        },
        { idempotencyKey: `checkout:${id}` },
      );
    } catch (err) {
      ctx.log.error({ err, pack: pack.id }, 'the payment provider did not open a checkout');
      throw new AppError(503, 'checkout_failed', messages.checkoutFailed);
    }
    if (!session.url) throw new AppError(503, 'checkout_failed', messages.checkoutFailed);
    const row = await insertCheckout(ctx.db, {
      ...base,
      provider: 'stripe',
      provider_session_id: session.id,
      url: session.url,
    });
    return view(row);
  }
  if (!testCheckoutsAllowed(ctx)) throw new AppError(503, 'purchases_unavailable', messages.purchasesUnavailable);
  const row = await insertCheckout(ctx.db, {
    ...base,
    provider: 'test',
    provider_session_id: null,
    url: `/checkout/test/${id}`,
  });
  return view(row);
}

export async function readCheckout(ctx: AppContext, userId: string, id: string): Promise<Checkout> {
  const row = await checkoutOf(ctx.db, id, userId);
  if (!row) throw new AppError(404, 'not_found', messages.notFound);
  return view(row);
}

/**
 * Pays a test checkout as the provider would: a `checkout.session.completed` event, signed with
 * the webhook secret over its exact bytes, through receivePurchase (the signature, the pack's price
 * and the once-per-event credit are all checked there, as for a real delivery).
 */
export async function payTestCheckout(ctx: AppContext, userId: string, id: string): Promise<Checkout> {
  const row = await checkoutOf(ctx.db, id, userId);
  const secret = ctx.config.purchaseWebhookSecret;
  if (!row || row.provider !== 'test' || !testCheckoutsAllowed(ctx) || !secret) {
    throw new AppError(404, 'not_found', messages.notFound);
  }
  if (row.status === 'open') {
    const payload = JSON.stringify({
      id: `evt_test_${row.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: `cs_test_${row.id}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          status: 'complete',
          currency: 'jpy',
          amount_total: row.yen,
          client_reference_id: row.id,
          metadata: { user_id: row.user_id, pack: row.pack, checkout_id: row.id },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    await receivePurchase(ctx, payload, signature);
  }
  return readCheckout(ctx, userId, id);
}
