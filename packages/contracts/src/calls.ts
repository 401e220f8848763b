import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, SpecStatus, Uuid, endpoint, isTruthyStatus } from './common.ts';
import { messages } from './messages.ts';

// 1:1 voice calls: spec topics-chat-calls §2 (call screens), §3 (call state values, signal
// document), §4 (call state machine), §7 (calls), §8 (messages), §9 (timers); issue 10.
//
// ## The call flow (who calls what, which events each side receives, in which order)
//
// 1. The caller opens (or reopens) the room with chat's `POST /rooms` (room_type_id 3 call-friend
//    with `user_id`, 4 call-topic with `topic_id` and `is_anonymous`). A voice's chat room and call
//    room are the same room: one room per pair per voice.
// 2. The caller starts the call: `POST /rooms/{id}/calling` → a CallView with state 'calling'
//    (the caller's own other sockets also get `call.state`). Refusals (403, ErrorEnvelope):
//    `already_in_call` 'トークできませんでした。すでにトーク中です。' when the caller is in a call on any of
//    their characters or devices; `not_callable` when the voice's is_callable is off or the voice
//    is gone; `not_friends` for a call-friend room whose pair are no longer friends; `blocked`
//    '通話できません。' when either side blocked the other (the callee never hears of it).
//    Glare: when the callee is at that moment ringing the caller (in this room, or in another room
//    of the pair when neither call is anonymous), no second call is made: the callee's call is
//    answered, the answer is that call's view (its room_id may be the other room), and both get
//    `call.state` 'connecting'/'waiting_connect'.
// 3. The callee gets `call.state` with state 'receiving' (ring; the overlay shows the caller's card
//    from chat's `GET /rooms/{room_id}`, anonymity applied). A callee already in a call never
//    rings: 3 s later (spec §4 'busy reply 3 s') the caller gets `call.state` 'busy'.
// 4. The callee answers: `POST /rooms/{id}/callanswer {action:'answer'}`. Both get `call.state`:
//    the caller 'connecting', the callee 'waiting_connect'. (p2p: the caller may send its offer
//    and candidates while it rings, and the callee may put its SDP answer on this request as `sdp`;
//    see 5.) Or refuses (`action:'refuse'`: the
//    caller gets 'refuse', the callee 'end'), or says busy (`action:'busy'`: the caller gets 'busy').
// 5. Media, by `CallView.transport`:
//    - 'p2p': the caller makes the offer. Each side sends `call.signal` frames (a socket
//      `command` named 'call.signal', or `POST /calls/signal`) with a CallSignalBody; the server
//      relays each only to the other side of that call, as a `call.signal` event (CallSignalEvent).
//      While it rings only the caller's offer and candidates are relayed (the callee's page keeps
//      them and sends nothing before it answers); once answered, everything both ways.
//      ICE servers come from `GET /calls/config` (time-limited TURN credentials); the peer
//      connection uses `CallView.ice_transport_policy` ('relay' in anonymous calls with TURN).
//      Each side reports its peer connection with `POST /rooms/{id}/pingConnectRoomChat`
//      ({state:'connected'} once audio flows, 'failed' when ICE fails, 'alive' every 5 s while
//      connected; the payer of a paid call may send the spec's `POST /rooms/{id}/pingOnPaidCall`
//      instead of 'alive'). Both reported 'connected' → both get `call.state` 'connected'.
//    - 'livekit': each side asks `POST /calls/{call_id}/token` for
//      `{serverUrl, roomName, participantToken}` and joins. The server follows LiveKit's webhooks:
//      both sides published audio → both get `call.state` 'connected'.
// 6. Either side hangs up: `POST /rooms/{id}/callanswer {action:'hangup'}`. Both get `call.state`
//    with the end state from their own side ('end' for the side that hung up; 'disconnect' with
//    disconnect_code 11 for its partner, and with 22/33/44 when a line dropped or the server ended it; 'unable_connect', 'busy', 'refuse') and `end_cause`; the state of a user with
//    no call afterwards is 'none' (`GET /calls/current` answers null). The calls service then adds
//    the call record to the room (message types 5–8, see CALL_RECORD) and chat sends it as usual.
// Timers (server, spec §9): ringing and connecting end 60 s after the call began ('missed' when
// never answered); after the answer, 30 s without connection end it 'unable_connect'; a connected
// side silent for 15 s (no 'alive' ping, or LiveKit says it left) ends it 'disconnect'. A paid
// call's bill is the server's connected time: pings keep a side in the call, they never shorten it.
// A client that reconnects reads `GET /calls/current` (or `GET /rooms/{id}/calling`).

/** Call state values (spec §3), from one side's point of view. 'connected' is ours (talking). */
export const CALL_STATES = [
  'none',
  'calling',
  'receiving',
  'waiting_connect',
  'connecting',
  'connected',
  'disconnect',
  'unable_connect',
  'busy',
  'refuse',
  'waiting_review',
  'end',
] as const;
export type CallState = (typeof CALL_STATES)[number];
export const CallStateSchema = Type.Union(CALL_STATES.map((s) => Type.Literal(s)));

/**
 * Why a call ended. 'hangup' a side ended a connected call; 'cancel' the caller hung up while it
 * rang; 'refuse' the callee declined; 'busy' the callee was in another call or said busy; 'missed'
 * nobody answered within 60 s; 'unable_connect' media never connected; 'disconnect' a connected
 * side dropped (network, LiveKit left, ping silence); 'blocked' one side blocked the other;
 * 'no_points' the payer of a paid call could not pay the next minute; 'spend_cap' the next period
 * would pass the cap the payer set for this call; 'monthly_cap' the payer is under 18 and the next
 * period would pass their monthly cap (points).
 */
export const CALL_END_CAUSES = [
  'hangup',
  'cancel',
  'refuse',
  'busy',
  'missed',
  'unable_connect',
  'disconnect',
  'blocked',
  'no_points',
  'spend_cap',
  'monthly_cap',
  /** The payer's points were frozen by a moderator (ADR 0030). */
  'points_frozen',
] as const;
export type CallEndCause = (typeof CALL_END_CAUSES)[number];

/**
 * The spec's '切断されました。' + 11/22/33/44 suffix by cause (§8), chosen by us: 11 the partner hung
 * up, 22 the partner's line dropped, 33 the caller's own line dropped (this device), 44 the server
 * ended it (timer, block, a paid call out of points).
 */
export const DISCONNECT_CODES = { partnerHungUp: 11, partnerLost: 22, selfLost: 33, server: 44 } as const;

/** Timers of spec §4/§9 in milliseconds. */
export const CALL_TIMERS = {
  /** Caller: the call ends when not connected this long after it began ('missed' if unanswered). */
  callerMs: 60_000,
  /** Callee: after answering, gives up when not connected this long ('unable_connect'). */
  calleeMs: 30_000,
  /** A call to a user already in a call is answered busy after this long. */
  busyReplyMs: 3_000,
  /** A connected side whose media went down (reload, failed peer connection, LiveKit left) has this long to be back. */
  rejoinMs: 15_000,
  /** A connected side sends 'alive' this often (pingConnectRoomChat)… */
  aliveEveryMs: 5_000,
  /** …and is taken as gone after this long without one (p2p; LiveKit reports leaving itself). */
  aliveTimeoutMs: 15_000,
  /** Client-side waits after an end (spec §4): busy 1 s, refused 3 s, unable to connect 1 s. */
  busyWaitMs: 1_000,
  refuseWaitMs: 3_000,
  unableWaitMs: 1_000,
  /** The anonymous start tone. */
  anonymousToneMs: 7_000,
} as const;

/**
 * The call record the calls service (and only it) adds to the room when a call ends (message
 * types of spec §3; clients may not send them). `data`: the duration in seconds for 6, the end
 * cause for the others. Sender: the caller; receiver: the callee.
 */
export const CALL_RECORD = {
  /** 5 — nobody answered ('missed'). */
  missed: 5,
  /** 6 — the call connected; data is the talk time in seconds ('65'), and for a paid call ':' and the points it cost ('65:100'). */
  success: 6,
  /** 7 — the caller hung up while it rang ('cancel'). */
  cancel: 7,
  /** 8 — refused, busy, unable to connect or blocked: the call did not happen. */
  miss: 8,
} as const;

/** The words of spec §8 the call overlay shows (quoted), and ours where it gives none. */
export const CALL_MESSAGES = {
  /** 'トークできませんでした。すでにトーク中です。' (spec §8, quoted): a call attempt while not none. */
  alreadyInCall: messages.callAlreadyInCall,
  /** '相手が話中です。' (spec §8, quoted) */
  partnerBusy: messages.callPartnerBusy,
  /** '通話できません。' (spec §8, quoted): unable to connect, and a call the partner's block stops. */
  unableToConnect: messages.callUnable,
  /** 'キャンセルされました。' (spec §8, quoted) */
  cancelled: messages.callCancelled,
  /** '切断されました。' (spec §8, quoted), shown with a DISCONNECT_CODES suffix. */
  disconnected: messages.callDisconnected,
  /** 'ネットワークから切断されました。' (spec §5/§8, quoted) */
  networkLost: messages.networkLost,
  notCallable: messages.callNotCallable,
  refused: messages.callRefused,
  noCall: messages.callNone,
  /** '課金リクエストを送信しました。' (spec §8, quoted): the owner's charge request went out. */
  chargeRequested: '課金リクエストを送信しました。',
  /** '課金を承認されました。' (spec §8, quoted): the payer approved. */
  chargeApproved: '課金を承認されました。',
  /** '課金を拒否されました。' (spec §8, quoted): the payer refused. */
  chargeRefused: '課金を拒否されました。',
  /** A paid call ended because the payer's points ran out (spec §8's words for short points). */
  outOfPoints: messages.chatPointsShort,
  /** A charge request from someone who is not the voice's owner, on a free call, or twice. */
  chargeNotAllowed: 'この通話では課金できません。',
  /** Ours (walk #4): a charge-from-start call placed without the caller's yes to its price. */
  callPriceConfirmRequired: (minutes: number, price: number) =>
    `この通話は${minutes}分${price.toLocaleString('ja-JP')}ポイントです。料金を確認してください。`,
  /** A paid call ended at the cap its payer set (ours; docs/strings.md). */
  spendCapReached: '設定した上限ポイントに達したため、通話を終了しました。',
  /**
   * An anonymous call where no relay (TURN) is configured and no SFU either: peer to peer it would
   * hand each side the other's IP addresses, so it is refused (ours; docs/strings.md, ADR 0021).
   */
  anonymousNeedsRelay: 'この環境では匿名で通話できません。匿名通話の中継サーバーが設定されていません。',
  /** A cap below one period's price: the call could not go on at all. */
  spendCapTooLow: '上限は1回分の料金以上にしてください。',
  /** The payer under 18 reached their monthly cap: they are told why (points' wording)... */
  monthlyCapReached: messages.minorMonthlyCap,
  pointsFrozen: messages.pointsFrozen,
  /** ...and the partner only that the payer's limit ended it: nothing says the payer is a minor (ours). */
  payerLimitReached: 'お相手のご利用上限に達したため、通話を終了しました。',
} as const;

/** The caps a payer may set on one paid call when approving it (points; none = no cap). */
export const CALL_SPEND_CAPS = [100, 300, 500, 1000, 3000] as const;

/** A paid call's charging (spec §5/§7): the owner requests it, the payer approves or refuses. */
export const CHARGE_STATES = ['none', 'requested', 'approved', 'refused'] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

export const IceServer = Type.Object({
  urls: Type.Union([Type.String(), Type.Array(Type.String())]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});

/** What a client needs before it can place or take a call. */
export const CallConfig = Type.Object({
  mode: Type.Union([Type.Literal('p2p'), Type.Literal('livekit')]),
  /** With a TURN secret set, TURN entries carry credentials minted for this user, valid `ice_ttl_seconds`. */
  ice_servers: Type.Array(IceServer),
  livekit_url: Nullable(Type.String()),
  /** How long the TURN credentials above stay valid; null when there are none. */
  ice_ttl_seconds: Type.Optional(Nullable(Type.Integer())),
});
export type CallConfig = Static<typeof CallConfig>;

/**
 * One call as one side sees it. Nothing in it names the partner: the overlay reads the partner's
 * card from chat's `GET /rooms/{room_id}` (anonymity applied there), so an anonymous call carries
 * no id, name or avatar here either.
 */
export const CallView = Type.Object({
  /** The call (the spec's signal document id: `signal_id`). */
  id: Type.String(),
  room_id: Type.String(),
  /** 3 call-friend or 4 call-topic (what the call was placed as). */
  room_type_id: Type.Integer(),
  topic_id: Nullable(Type.String()),
  role: Type.Union([Type.Literal('caller'), Type.Literal('callee')]),
  /** This side's state. */
  state: CallStateSchema,
  /** Set once the call ended. */
  end_cause: Nullable(Type.Union(CALL_END_CAUSES.map((c) => Type.Literal(c)))),
  /** For state 'disconnect': the spec's suffix (DISCONNECT_CODES) from this side's point of view. */
  disconnect_code: Nullable(Type.Integer()),
  transport: Type.Union([Type.Literal('p2p'), Type.Literal('livekit')]),
  /** p2p: 'relay' in an anonymous call when TURN is configured (no IP address reaches the partner). */
  ice_transport_policy: Type.Union([Type.Literal('all'), Type.Literal('relay')]),
  /** p2p: this side makes the offer (the caller). */
  offerer: Type.Boolean(),
  /** This side hides their identity in the call (the room's anonymity). */
  is_anonymous: Type.Boolean(),
  partner_anonymous: Type.Boolean(),
  /** Per-minute price of a call on a priced voice (points; 0 free) and the minutes per charge. */
  call_price: Type.Integer(),
  time_call_price: Type.Integer(),
  /** This side pays (the non-owner of a priced voice). */
  i_pay: Type.Boolean(),
  /** Where the charge stands (none until the owner requests it, or approved from the start with purchase_on_start). */
  charging: Type.Union(CHARGE_STATES.map((c) => Type.Literal(c))),
  /** Points charged for this call so far (each begun period of time_call_price minutes, once). */
  charged_points: Type.Integer(),
  /** The most the payer agreed to spend on this call (null: no cap); the call ends before passing it. */
  spend_cap: Nullable(Type.Integer()),
  created_at: Type.String(),
  answered_at: Nullable(Type.String()),
  connected_at: Nullable(Type.String()),
  ended_at: Nullable(Type.String()),
  /** Talk time in whole seconds (connected → ended, or → now while connected). */
  duration_seconds: Type.Integer(),
  /** After the end: the spec's review prompt applies (paid call, this side paid). */
  review: Type.Boolean(),
  /** Server time of this view, so a client can run its countdown without trusting its clock. */
  at: Type.String(),
  /**
   * p2p: the media session. It moves when a side rejoins a connected call (a reload) or its peer
   * connection failed; both sides then build a new peer connection, the offerer offers again, and
   * signals carry the epoch they belong to.
   */
  media_epoch: Type.Integer(),
});
export type CallView = Static<typeof CallView>;

// ---- request payloads ----

/** Room, call and user ids (see `Uuid`). */
const Id = Uuid();
export const CallRoomParams = Type.Object({ id: Id });

/** Start a call in a room. Anonymity is the room's (chosen when it was opened), not the body's. */
export const CallStartBody = Type.Object({
  /** Accepted for the spec's client, ignored: the caller is the token's user. */
  user_id: Type.Optional(Nullable(Id)),
  /**
   * The caller said yes to the per-minute price of a voice that charges from the start
   * (purchase_on_start); without it such a call is refused 403 `price_confirmation_required`.
   */
  confirm_price: Type.Optional(Type.Boolean()),
});

/**
 * The spec's client places a call with `GET /rooms/{id}/calling?user_id=…` (topics-chat-calls §7);
 * `user_id` is accepted and ignored as in the POST: the caller is the token's user.
 */
export const CallStartQuery = Type.Object({ user_id: Type.Optional(Id) });

/**
 * The payer's answer to a charge request: ours is `approve`; the spec's client sends `status`,
 * truthy meaning accepted (1, true, "1"). One of them is required.
 */
export const ConfirmChargeBody = Type.Object({
  approve: Type.Optional(Type.Boolean()),
  status: Type.Optional(Nullable(SpecStatus)),
  spend_cap: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
});
export type ConfirmChargeBody = Static<typeof ConfirmChargeBody>;

export { isTruthyStatus };

export const CALL_ACTIONS = ['answer', 'refuse', 'hangup', 'busy'] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];
export const CallAnswerBody = Type.Object({
  /** 'answer' / 'refuse' / 'busy' by the callee while it rings; 'hangup' by either side at any time. */
  action: Type.Union(CALL_ACTIONS.map((a) => Type.Literal(a))),
  /** The call (optional: a room has at most one live call). A stale id answers 404. */
  signal_id: Type.Optional(Nullable(Id)),
  /**
   * Optional, p2p 'answer' only: the callee's SDP answer to the offer it got while it rang. The
   * server relays it to the caller as a `call.signal` 'answer' right after the 'connecting' state
   * (filtered like any signal of an anonymous call), so the answer needs no relay of its own.
   */
  sdp: Type.Optional(Type.String({ maxLength: 20_000 })),
});

/**
 * 'rejoin': this side (re)starts the media of a connected p2p call it has no peer connection for
 * (the page reloaded): the server moves the call's media_epoch, both sides rebuild theirs.
 */
export const CONNECT_REPORTS = ['connecting', 'connected', 'failed', 'alive', 'rejoin'] as const;
/** A side's report on its own media connection (p2p); spec §7's payload fields kept. */
export const PingConnectBody = Type.Object({
  /**
   * Optional for the spec's client, which sends `{signal_id, user_id, id}` once its audio is up: a
   * report without a state means 'connected' (which also keeps a connected call alive).
   */
  state: Type.Optional(Type.Union(CONNECT_REPORTS.map((s) => Type.Literal(s)))),
  signal_id: Type.Optional(Nullable(Id)),
  user_id: Type.Optional(Nullable(Id)),
  id: Type.Optional(Nullable(Id)),
});

/**
 * A peer-to-peer signalling message (spec §3's signal document: offer, answer, candidates). Sent
 * by a side of a connected-to-be call; relayed only to the other side of that same call. In an
 * anonymous call with TURN, candidates other than relay are dropped and stripped from SDP.
 */
export const CallSignalBody = Type.Object({
  call_id: Id,
  kind: Type.Union([Type.Literal('offer'), Type.Literal('answer'), Type.Literal('candidate')]),
  /** offer/answer: the session description. */
  sdp: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** candidate: RTCIceCandidateInit. */
  candidate: Type.Optional(
    Type.Object({
      candidate: Type.String({ maxLength: 1000 }),
      sdpMid: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
      sdpMLineIndex: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 64 }))),
      usernameFragment: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
    }),
  ),
  /** The media session it belongs to (CallView.media_epoch); a signal of another one is dropped. */
  epoch: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type CallSignalBody = Static<typeof CallSignalBody>;

/** What the partner receives: the signal without any sender identity. */
export const CallSignalEvent = Type.Object({
  call_id: Type.String(),
  room_id: Type.String(),
  kind: CallSignalBody.properties.kind,
  /** The media session the signal belongs to. */
  epoch: Type.Integer(),
  sdp: Nullable(Type.String()),
  candidate: Nullable(CallSignalBody.properties.candidate),
});
export type CallSignalEvent = Static<typeof CallSignalEvent>;

/** The LiveKit join answer (livekit-examples/meet's shape). */
export const LiveKitToken = Type.Object({
  serverUrl: Type.String(),
  roomName: Type.String(),
  /** Audio-only, one room, valid 10 minutes; identity 'caller'/'callee', empty name, metadata {call_id, role}. */
  participantToken: Type.String(),
});
export type LiveKitToken = Static<typeof LiveKitToken>;

export const CallIdParams = Type.Object({ id: Id });

/** Server → client real-time event types of calls, with their payloads. */
export const CALLS_REALTIME_TYPES = {
  /** data: CallView from the receiver's side; sent to both sides on every change. */
  callState: 'call.state',
  /** data: CallSignalEvent; sent only to the other side of the call. */
  callSignal: 'call.signal',
} as const;

// ---- endpoints ----

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };

export const callsEndpoints = {
  config: endpoint({
    method: 'GET',
    url: '/calls/config',
    service: 'calls',
    summary: 'ICE servers for peer-to-peer calls, or the LiveKit URL when an SFU is configured',
    auth: 'user',
    schema: { response: { 200: Envelope(CallConfig), 401: ErrorEnvelope } },
  }),
  current: endpoint({
    method: 'GET',
    url: '/calls/current',
    service: 'calls',
    summary: 'The caller’s live call (any room), or null: what a reconnecting client restores',
    auth: 'user',
    schema: { response: { 200: Envelope(Nullable(CallView)), ...errors } },
  }),
  startCall: endpoint({
    method: 'POST',
    url: '/rooms/:id/calling',
    service: 'calls',
    summary: 'Call the partner of a room (call-friend or call-topic); the callee rings',
    auth: 'user',
    schema: { params: CallRoomParams, body: CallStartBody, response: { 200: Envelope(CallView), ...errors } },
  }),
  roomCall: endpoint({
    method: 'GET',
    url: '/rooms/:id/calling',
    service: 'calls',
    summary:
      "The live call of a room for the caller, or null; with the spec's `user_id` it places the call (the same call again while it rings)",
    auth: 'user',
    schema: {
      params: CallRoomParams,
      querystring: CallStartQuery,
      response: { 200: Envelope(Nullable(CallView)), ...errors },
    },
  }),
  answer: endpoint({
    method: 'POST',
    url: '/rooms/:id/callanswer',
    service: 'calls',
    summary: 'Answer, refuse, say busy or hang up the live call of a room',
    auth: 'user',
    schema: { params: CallRoomParams, body: CallAnswerBody, response: { 200: Envelope(CallView), ...errors } },
  }),
  pingConnect: endpoint({
    method: 'POST',
    url: '/rooms/:id/pingConnectRoomChat',
    service: 'calls',
    summary: 'A side reports its peer connection (connected / failed / alive every 5 s)',
    auth: 'user',
    schema: { params: CallRoomParams, body: PingConnectBody, response: { 200: Envelope(CallView), ...errors } },
  }),
  pingOnPaidCall: endpoint({
    method: 'POST',
    url: '/rooms/:id/pingOnPaidCall',
    service: 'calls',
    summary:
      "The payer's keep-alive of a paid call (spec §7, every 5 s while connected); the server's clock still decides the bill",
    auth: 'user',
    schema: { params: CallRoomParams, response: { 200: Envelope(CallView), ...errors } },
  }),
  requestCharge: endpoint({
    method: 'POST',
    url: '/rooms/:id/requestpaidcall',
    service: 'calls',
    summary: 'The voice owner asks the partner of a connected paid call to approve per-minute charging',
    auth: 'user',
    schema: { params: CallRoomParams, response: { 200: Envelope(CallView), ...errors } },
  }),
  confirmCharge: endpoint({
    method: 'POST',
    url: '/rooms/:id/confirmrequestpaidcall',
    service: 'calls',
    summary: 'The payer approves (charging starts now, one period at once) or refuses the charge request',
    auth: 'user',
    schema: {
      params: CallRoomParams,
      body: ConfirmChargeBody,
      response: { 200: Envelope(CallView), ...errors },
    },
  }),
  signal: endpoint({
    method: 'POST',
    url: '/calls/signal',
    service: 'calls',
    summary: 'Relay an offer, answer or ICE candidate to the other side of the caller’s call',
    auth: 'user',
    schema: { body: CallSignalBody, response: { 200: Envelope(Type.Object({ relayed: Type.Boolean() })), ...errors } },
  }),
  token: endpoint({
    method: 'POST',
    url: '/calls/:id/token',
    service: 'calls',
    summary: 'A LiveKit token for the caller’s side of a live call (audio only, short-lived)',
    auth: 'user',
    schema: { params: CallIdParams, response: { 200: Envelope(LiveKitToken), ...errors, 409: ErrorEnvelope } },
  }),
  livekitWebhook: endpoint({
    method: 'POST',
    url: '/calls/livekit/webhook',
    service: 'calls',
    summary: 'LiveKit webhooks (signature-verified): participants joined/left, tracks published',
    auth: 'public',
    schema: { response: { 200: Envelope(Type.Object({ ok: Type.Boolean() })), 401: ErrorEnvelope } },
  }),
} as const;
