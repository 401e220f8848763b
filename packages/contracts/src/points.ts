import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, IdParams, Nullable, Uuid, endpoint } from './common.ts';

export const Balance = Type.Object({
  user_id: Type.String(),
  /** userCoin: everything the user can spend. */
  balance: Type.Integer(),
  /** The bought part of the balance (spent first, oldest lot first); the rest was earned or granted. */
  purchased: Type.Optional(Type.Integer()),
  /** Purchased points that expire within the reminder window (30 days), soonest first: the reminder. */
  expiring: Type.Optional(
    Type.Array(Type.Object({ points: Type.Integer(), expires_at: Type.String({ format: 'date-time' }) })),
  ),
  /**
   * Users under 18: the points their person may spend this calendar month (Japan time) on gifts,
   * paid chats and paid calls, and what they spent so far; null for adults.
   */
  monthly_cap: Type.Optional(Nullable(Type.Integer())),
  spent_this_month: Type.Optional(Type.Integer()),
  /** The profile's age group is 10代: the add-points sheet asks for the bracket. */
  teen: Type.Optional(Type.Boolean()),
  age_bracket: Type.Optional(Nullable(Type.String())),
  /**
   * Days a purchased point stays usable from its purchase under the lot policy (POINTS_LOT_POLICY):
   * 180 when lots expire, null when they are kept and reported per base date instead.
   */
  purchase_valid_days: Type.Optional(Nullable(Type.Integer())),
});
export type Balance = Static<typeof Balance>;

/**
 * The operator report of the unused purchased balance on a base date (資金決済法: 31 March and
 * 30 September). Purchased points only; earned and granted points are no prepaid instrument.
 */
export const UnusedReportQuery = Type.Object({
  /** 'YYYY-03-31' or 'YYYY-09-30'; default the latest base date that has ended. */
  base_date: Type.Optional(Type.String({ maxLength: 10 })),
});
export type UnusedReportQuery = Static<typeof UnusedReportQuery>;
export const UnusedReport = Type.Object({
  base_date: Type.String(),
  /** The lot policy in force: under 'expire' lots last 180 days and no report is due. */
  policy: Type.String(),
  /** Purchased points (= yen) bought up to the end of the base date and not yet spent or expired then. */
  unused_purchased: Type.Integer(),
  /** ¥10,000,000: above it the balance is reported and half of it deposited. */
  threshold: Type.Integer(),
  report_required: Type.Boolean(),
  deposit_required: Type.Integer(),
});
export type UnusedReport = Static<typeof UnusedReport>;

export const PURCHASE_EVENT_STATUSES = ['received', 'credited', 'duplicate_session', 'unresolved'] as const;
export const PurchaseEventsQuery = Type.Object({
  status: Type.Optional(Type.Union(PURCHASE_EVENT_STATUSES.map((s) => Type.Literal(s)))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type PurchaseEventsQuery = Static<typeof PurchaseEventsQuery>;
/** A checkout event as the provider delivered it, and what became of it. */
export const PurchaseEvent = Type.Object({
  event_id: Type.String(),
  session_id: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  pack: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  /** Why it was not credited ('unknown_user', …). */
  reason: Type.Union([Type.String(), Type.Null()]),
  received_at: Type.String(),
  /** The exact bytes the provider signed. */
  body: Type.String(),
});
export type PurchaseEvent = Static<typeof PurchaseEvent>;

/** The age brackets a user may declare for the monthly caps of minors (points' domain/spend-caps.ts). */
export const AGE_BRACKETS = ['under16', '16to17', '18plus'] as const;
export type AgeBracket = (typeof AGE_BRACKETS)[number];
export const AgeBracketBody = Type.Object({
  bracket: Type.Union(AGE_BRACKETS.map((b) => Type.Literal(b))),
});
export type AgeBracketBody = Static<typeof AgeBracketBody>;

export const TransferKindSchema = Type.Union(
  ['grant', 'purchase', 'gift', 'chat_fee', 'chat_bonus', 'call_minute', 'refund', 'adjustment', 'expiry'].map((k) =>
    Type.Literal(k),
  ),
);

/**
 * One line of a user's point history. No partner id: the room says who the partner was, and the
 * chat service names them as the room does (an anonymous partner stays anonymous).
 */
export const HistoryItem = Type.Object({
  id: Type.String(),
  kind: TransferKindSchema,
  /** Signed: positive when points came in, negative when they went out. */
  amount: Type.Integer(),
  room_id: Nullable(Type.String()),
  call_id: Nullable(Type.String()),
  gift_id: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});
export type HistoryItem = Static<typeof HistoryItem>;

export const HistoryQuery = Type.Object({
  /**
   * A cursor: the last row's id as the server wrote it (lower-case UUID). Malformed, a field error
   * (403) rather than `Uuid`'s 404; '-{36}' let 36 zeros reach PostgreSQL.
   */
  last_doc_id: Type.Optional(
    Type.String({ maxLength: 36, pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
  ),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const GrantBody = Type.Object({
  user_id: Uuid(),
  amount: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
  idempotency_key: Type.String({ minLength: 1, maxLength: 200 }),
});
export type GrantBody = Static<typeof GrantBody>;

export const GrantResult = Type.Object({
  transfer_id: Type.String(),
  user_id: Type.String(),
  amount: Type.Integer(),
  balance: Type.Integer(),
  /** True when this key had already been granted: nothing new was written. */
  replayed: Type.Boolean(),
});
export type GrantResult = Static<typeof GrantResult>;

/**
 * PUT /users/send_coin (spec: coin, receiveUserId). A present is given in a chat room: `room_id`
 * names it (ours), or, as the spec's client sends it, `receiveUserId` alone names the partner and
 * the server finds the live room of the two updated last where that partner is named to the giver.
 * An anonymous partner is never found by id (as for an id with no room: 404), and in a room whose
 * partner is anonymous a `receiveUserId` sent beside `room_id` is ignored, so no answer tells
 * whether an id is the partner (ADR 0020); beside a named partner it must be them.
 * `idempotency_key` makes a double tap one gift.
 */
export const SendCoinBody = Type.Object({
  coin: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  room_id: Type.Optional(Uuid()),
  receiveUserId: Type.Optional(Uuid()),
  idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type SendCoinBody = Static<typeof SendCoinBody>;

export const SendCoinResult = Type.Object({
  gift_id: Type.String(),
  coin: Type.Integer(),
  /** The sender's balance after the gift. */
  balance: Type.Integer(),
  replayed: Type.Boolean(),
});
export type SendCoinResult = Static<typeof SendCoinResult>;

/** The socket event `points.balance_changed` (REALTIME_TYPES.pointsChanged): the user's balance now. */
export const BalanceChanged = Type.Object({ balance: Type.Integer() });
export type BalanceChanged = Static<typeof BalanceChanged>;

/**
 * The point packs on sale (1 point = 1 yen, tax included). The payment provider's checkout carries
 * the pack id and the buyer's user id in its metadata; its webhook credits the pack's points.
 */
export const POINT_PACKS = [
  { id: 'p500', points: 500, yen: 500 },
  { id: 'p1000', points: 1000, yen: 1000 },
  { id: 'p3000', points: 3000, yen: 3000 },
  { id: 'p5000', points: 5000, yen: 5000 },
  { id: 'p10000', points: 10000, yen: 10000 },
] as const;
export type PointPack = (typeof POINT_PACKS)[number];

export const PurchaseWebhookResult = Type.Object({
  received: Type.Boolean(),
  /** Points credited by this delivery (0 for an event that credits nothing, or one seen before). */
  credited: Type.Integer(),
});

/**
 * A checkout for one pack at the payment provider (Stripe Checkout, JPY). The app opens `url`; the
 * provider sends the buyer back to /manage-point?checkout=<id>, and its signed webhook credits the
 * pack (the same path for every provider). `test` checkouts exist only outside production, when no
 * provider is configured: the app's own clearly labelled page pays them through that same signed path.
 */
export const CheckoutBody = Type.Object({
  pack: Type.Union(POINT_PACKS.map((p) => Type.Literal(p.id))),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

export const CHECKOUT_STATUSES = ['open', 'paid'] as const;
export const Checkout = Type.Object({
  id: Type.String(),
  pack: Type.String(),
  points: Type.Integer(),
  yen: Type.Integer(),
  status: Type.Union(CHECKOUT_STATUSES.map((s) => Type.Literal(s))),
  /** Where the buyer pays: the provider's hosted page, or the app's test page. */
  url: Type.String(),
  test: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Checkout = Static<typeof Checkout>;

/** A refund request: the user's reason, for operators (the app itself never pays money out). */
export const REFUND_REASON_MAX = 1000;
export const RefundRequestBody = Type.Object({ reason: Type.String({ maxLength: REFUND_REASON_MAX }) });
export const RefundRequestResult = Type.Object({ id: Type.String(), message: Type.String() });

export const pointsEndpoints = {
  sendCoin: endpoint({
    method: 'PUT',
    url: '/users/send_coin',
    service: 'points',
    summary: 'Give a present of 100, 300, 500 or 1000 points to the partner of a chat room',
    auth: 'user',
    schema: {
      body: SendCoinBody,
      response: { 200: Envelope(SendCoinResult), 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
    },
  }),
  balance: endpoint({
    method: 'GET',
    url: '/points/balance',
    service: 'points',
    summary: "The signed-in user's points balance",
    auth: 'user',
    schema: { response: { 200: Envelope(Balance), 401: ErrorEnvelope } },
  }),
  history: endpoint({
    method: 'GET',
    url: '/points/history',
    service: 'points',
    summary: "The signed-in user's point movements, newest first, paged by last_doc_id",
    auth: 'user',
    schema: {
      querystring: HistoryQuery,
      response: { 200: Envelope(Type.Array(HistoryItem)), 401: ErrorEnvelope, 403: ErrorEnvelope },
    },
  }),
  ageBracket: endpoint({
    method: 'PUT',
    url: '/points/age_bracket',
    service: 'points',
    summary: "Declare the user's age bracket (under 16, 16–17, 18 or over) for the monthly spend caps of minors",
    auth: 'user',
    schema: {
      body: AgeBracketBody,
      response: { 200: Envelope(Balance), 401: ErrorEnvelope, 403: ErrorEnvelope },
    },
  }),
  refundRequest: endpoint({
    method: 'POST',
    url: '/points/refund_requests',
    service: 'points',
    summary: 'Ask operators for a refund of purchased points (handled case by case; recorded with the balance)',
    auth: 'user',
    schema: {
      body: RefundRequestBody,
      response: { 200: Envelope(RefundRequestResult), 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope },
    },
  }),
  purchaseWebhook: endpoint({
    method: 'POST',
    url: '/points/purchases/webhook',
    service: 'points',
    summary:
      "The payment provider's signed webhook (Stripe's shape): a completed checkout credits its pack once per checkout session",
    auth: 'public',
    schema: {
      response: {
        200: Envelope(PurchaseWebhookResult),
        400: ErrorEnvelope,
        401: ErrorEnvelope,
        409: ErrorEnvelope,
        422: ErrorEnvelope,
      },
    },
  }),
  createCheckout: endpoint({
    method: 'POST',
    url: '/points/checkouts',
    service: 'points',
    summary:
      "Start buying a pack: a checkout at the payment provider (or, outside production without one, the app's test checkout)",
    auth: 'user',
    schema: {
      body: CheckoutBody,
      response: { 200: Envelope(Checkout), 401: ErrorEnvelope, 403: ErrorEnvelope, 503: ErrorEnvelope },
    },
  }),
  checkout: endpoint({
    method: 'GET',
    url: '/points/checkouts/:id',
    service: 'points',
    summary: "One of the caller's checkouts, with whether its payment has been credited",
    auth: 'user',
    schema: {
      params: IdParams,
      response: { 200: Envelope(Checkout), 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope },
    },
  }),
  payTestCheckout: endpoint({
    method: 'POST',
    url: '/points/checkouts/:id/test_payment',
    service: 'points',
    summary:
      'Pay a test checkout (never in production): the server signs the completed checkout as the provider would and credits it through the webhook path',
    auth: 'user',
    schema: {
      params: IdParams,
      // 409 and 422 are the webhook path's own answers (a conflicting event, a buyer points does not know).
      response: {
        200: Envelope(Checkout),
        401: ErrorEnvelope,
        403: ErrorEnvelope,
        404: ErrorEnvelope,
        409: ErrorEnvelope,
        422: ErrorEnvelope,
      },
    },
  }),
} as const;
