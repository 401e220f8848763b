import { createHash } from 'node:crypto';

import { messages } from '@honne/contracts/messages';
import { POINT_PACKS } from '@honne/contracts/points';
import { AppError, isUuid } from '@honne/service-kit';
import Stripe from 'stripe';

import { ledgerRules } from '../config.ts';
import type { AppContext } from '../context.ts';
import { isKnownUser } from '../db/repos/accounts.ts';
import { keepPurchaseEvent, setPurchaseStatus } from '../db/repos/purchases.ts';
import { transfer } from './transfer.ts';
import { markCheckoutPaid } from '../db/repos/checkouts.ts';
import { HOUSE, isHouseAccount } from '../domain/ledger.ts';
import { relayNow } from '../gifts/relay.ts';

// Purchases arrive as the payment provider's signed webhook, in Stripe's shape (the `stripe`
// package checks the signature over the exact bytes; the timestamp must be within 300 s either
// way). A completed checkout names the buyer and the pack in its metadata. Every delivered event
// is kept by its id (an id again with other bytes is refused, 409); the checkout session keys the
// ledger write, so a provider's retry, or the same session under a new event id, credits once. A
// buyer who is no user of ours is refused (422) and the event kept as 'unresolved' for operators.

// The client is only for webhooks.constructEvent: no API call is made, so no API key is needed.
const stripe = new Stripe('sk_webhooks_only');

/** How far an event's signed timestamp may be from our clock, either way (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const notCredited = () => new AppError(422, 'not_credited', messages.purchaseNotCredited);

export async function receivePurchase(
  ctx: AppContext,
  raw: string,
  signature: string | undefined,
): Promise<{ received: true; credited: number }> {
  const secret = ctx.config.purchaseWebhookSecret;
  // Nothing to check a signature against: no delivery can be trusted (401, as for a bad credential).
  if (!secret) throw new AppError(401, 'purchases_unavailable', messages.purchasesUnavailable);
  const now = ctx.clock.now();
  let event: Stripe.Event;
  try {
    // The tolerance is about the provider's wall clock and ours (as the library checks it), not the
    // app's clock, which tests and journeys move.
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret, WEBHOOK_TOLERANCE_SECONDS);
    // The library refuses only events too old; one dated ahead (ten years, once) passed.
    if (signedAt(signature) - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS)
      throw new Error('Timestamp outside the tolerance zone (ahead)');
  } catch (err) {
    ctx.log.warn({ err }, 'purchase webhook with a bad signature');
    throw new AppError(400, 'bad_signature', messages.purchaseSignatureInvalid);
  }
  // Other events (refunds, payment intents) are the provider's business until we act on them.
  if (event.type !== 'checkout.session.completed') return { received: true, credited: 0 };
  const session = event.data.object;
  const userId = session.metadata?.user_id ?? null;
  const pack = POINT_PACKS.find((p) => p.id === session.metadata?.pack);

  const bodyHash = createHash('sha256').update(raw).digest('hex');
  const kept = await keepPurchaseEvent(ctx.db, {
    event_id: event.id,
    session_id: session.id,
    user_id: userId,
    pack: session.metadata?.pack ?? null,
    body_hash: bodyHash,
    body: raw,
    status: 'received',
    reason: null,
    received_at: now,
  });
  if (!kept.kept) {
    if (kept.existing.body_hash !== bodyHash) {
      ctx.log.error({ event: event.id }, 'purchase event delivered again with other contents; not credited');
      throw new AppError(409, 'purchase_conflict', messages.purchaseConflict);
    }
    // The same delivery again: answered as it was, unless it never got past 'received' (a crash).
    if (kept.existing.status === 'unresolved') throw notCredited();
    if (kept.existing.status !== 'received') return { received: true, credited: 0 };
  }

  // Paid, for a real user, the pack's price: anything else is not ours to credit, and the provider
  // keeps a non-2xx answer in its dashboard for someone to look at.
  const paid = session.payment_status === 'paid' && session.currency === 'jpy';
  if (!pack || !paid || session.amount_total !== pack.yen) {
    ctx.log.error({ event: event.id, userId, pack: session.metadata?.pack }, 'purchase not credited');
    await setPurchaseStatus(ctx.db, event.id, 'unresolved', 'not_a_paid_pack');
    throw notCredited();
  }
  // Paid by someone we cannot name: the money is real, so the event waits for an operator.
  if (!userId || isHouseAccount(userId) || !(await isKnownUser(ctx.db, userId))) {
    ctx.log.error({ event: event.id, userId }, 'purchase for no known user; kept as unresolved');
    await setPurchaseStatus(ctx.db, event.id, 'unresolved', 'unknown_user');
    throw notCredited();
  }
  const result = await transfer(
    ctx.db,
    {
      // One credit per checkout session, whichever event announces it.
      idempotencyKey: `purchase:${session.id}`,
      kind: 'purchase',
      from: HOUSE.sales,
      to: userId,
      amount: pack.points,
      actor: 'payment-provider',
      reason: `${pack.id} ${session.id}`,
    },
    now,
    ledgerRules(ctx.config),
  );
  if (result.status !== 'done') {
    // The session's key holds another movement (another buyer or pack): an operator decides.
    ctx.log.error({ event: event.id, session: session.id, status: result.status }, 'purchase refused by the ledger');
    await setPurchaseStatus(ctx.db, event.id, 'unresolved', `ledger_${result.status}`);
    throw notCredited();
  }
  // The app's checkout, where the purchase began in the app, now reads paid (a retry marks nothing new).
  const checkoutId = session.metadata?.checkout_id;
  if (isUuid(checkoutId)) await markCheckoutPaid(ctx.db, checkoutId, userId, ctx.clock.now());
  if (result.replayed) {
    await setPurchaseStatus(ctx.db, event.id, kept.kept ? 'duplicate_session' : 'credited');
    return { received: true, credited: 0 };
  }
  await setPurchaseStatus(ctx.db, event.id, 'credited');
  ctx.log.info({ event: event.id, userId, pack: pack.id }, 'points purchased');
  await relayNow(ctx);
  return { received: true, credited: pack.points };
}

/** The `t=` of a Stripe-Signature header (seconds), already checked by the library's signature. */
function signedAt(header: string | undefined): number {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header ?? '')?.[1];
  return t ? Number(t) : 0;
}
