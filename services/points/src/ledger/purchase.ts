import { messages } from '@honne/contracts/messages';
import { POINT_PACKS } from '@honne/contracts/points';
import { AppError, isUuid } from '@honne/service-kit';
import Stripe from 'stripe';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { transfer } from './transfer.ts';
import { markCheckoutPaid } from '../db/repos/checkouts.ts';
import { HOUSE, isHouseAccount } from '../domain/ledger.ts';
import { relayNow } from '../gifts/relay.ts';

// Purchases arrive as the payment provider's signed webhook, in Stripe's shape (the `stripe`
// package checks the signature over the exact bytes and the timestamp's tolerance). A completed
// checkout names the buyer and the pack in its metadata; its event id keys the ledger write, so a
// provider's retry, or the same event twice, credits once.

// The client is only for webhooks.constructEvent: no API call is made, so no API key is needed.
const stripe = new Stripe('sk_webhooks_only');

export async function receivePurchase(
  ctx: AppContext,
  raw: string,
  signature: string | undefined,
): Promise<{ received: true; credited: number }> {
  const secret = ctx.config.purchaseWebhookSecret;
  // Nothing to check a signature against: no delivery can be trusted (401, as for a bad credential).
  if (!secret) throw new AppError(401, 'purchases_unavailable', messages.purchasesUnavailable);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
  } catch (err) {
    ctx.log.warn({ err }, 'purchase webhook with a bad signature');
    throw new AppError(400, 'bad_signature', messages.purchaseSignatureInvalid);
  }
  // Other events (refunds, payment intents) are the provider's business until we act on them.
  if (event.type !== 'checkout.session.completed') return { received: true, credited: 0 };
  const session = event.data.object;
  const userId = session.metadata?.user_id;
  const pack = POINT_PACKS.find((p) => p.id === session.metadata?.pack);
  // Paid, for a real user, the pack's price: anything else is not ours to credit, and the provider
  // keeps a non-2xx answer in its dashboard for someone to look at.
  const paid = session.payment_status === 'paid' && session.currency === 'jpy';
  if (!userId || isHouseAccount(userId) || !pack || !paid || session.amount_total !== pack.yen) {
    ctx.log.error({ event: event.id, userId, pack: session.metadata?.pack }, 'purchase not credited');
    throw new AppError(422, 'not_credited', messages.purchaseNotCredited);
  }
  const result = await transfer(
    ctx.db,
    {
      idempotencyKey: `purchase:${event.id}`,
      kind: 'purchase',
      from: HOUSE.sales,
      to: userId,
      amount: pack.points,
      actor: 'payment-provider',
      reason: `${pack.id} ${session.id}`,
    },
    ctx.clock.now(),
    ledgerRules(ctx.config),
  );
  if (result.status !== 'done') throw new Error(`purchase ${event.id} refused by the ledger (${result.status})`);
  // The app's checkout, where the purchase began in the app, now reads paid (a retry marks nothing new).
  const checkoutId = session.metadata?.checkout_id;
  if (isUuid(checkoutId)) await markCheckoutPaid(ctx.db, checkoutId, userId, ctx.clock.now());
  if (result.replayed) return { received: true, credited: 0 };
  ctx.log.info({ event: event.id, userId, pack: pack.id }, 'points purchased');
  await relayNow(ctx);
  return { received: true, credited: pack.points };
}
