import { Type, type Static, type TSchema } from '@sinclair/typebox';

import { RealtimeEvent, type RealtimeCommandName } from './realtime.ts';
import { ExpertRequest, ExpertRequestsQuery, Rank, RankBody } from './accounts.ts';
import {
  GrantBody,
  GrantResult,
  PurchaseEvent,
  PurchaseEventsQuery,
  UnusedReport,
  UnusedReportQuery,
} from './points.ts';
import { FilterEntry, PersonPoints } from './safety.ts';

/**
 * The answer to an operator's request over the bus (ADR 0034): the result, or the owner's refusal
 * as the status, code and message (and field errors) safety answers the console with.
 */
const OperatorReply = <T extends TSchema>(data: T) =>
  Type.Union([
    Type.Object({ ok: Type.Literal(true), data }),
    Type.Object({
      ok: Type.Literal(false),
      status: Type.Integer(),
      code: Type.String(),
      message: Type.String(),
      errors: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
  ]);

/**
 * Bus subjects read `<service>.<entity>.<past-tense>`; the payload schema stands next to each
 * subject and is checked on publish. Requests (request/reply) read `<service>.<entity>.<verb>`.
 */
/**
 * A name or profile text saved with a `flag` entry of the filter's lists (ADR 0037): what the person
 * wrote, queued for a moderator in the transaction that saved it. `where` names the text: a theme's
 * name (`ref` the theme) or a character's name, forbidden matters or self-PR (`ref` the character).
 */
const TextFlagged = Type.Object({
  event_id: Type.String(),
  user_id: Type.String(),
  where: Type.Union([Type.Literal('theme'), Type.Literal('profile')]),
  ref: Type.String(),
  texts: Type.Record(Type.String(), Type.String()),
  entries: Type.Array(Type.String()),
  at: Type.String(),
});

export const events = {
  userRegistered: {
    subject: 'accounts.user.registered',
    durable: true,
    schema: Type.Object({
      user_id: Type.String(),
      email_id: Type.String(),
      registered_at: Type.String(),
    }),
  },
  sessionRevoked: {
    subject: 'accounts.session.revoked',
    schema: Type.Object({
      user_id: Type.String(),
      session_id: Type.String(),
      reason: Type.Union([
        Type.Literal('other_device'),
        /** The same device logged in again; its older session ends quietly. */
        Type.Literal('replaced'),
        Type.Literal('logout'),
        Type.Literal('password_reset'),
        Type.Literal('deleted'),
        /** A moderator suspended or banned the person (safety.person.restricted). */
        Type.Literal('restricted'),
      ]),
    }),
  },
  /**
   * What other services may show of a user (lists, cards). Published by accounts on every change;
   * services keep their own copy (a read model) and never read accounts' tables.
   */
  userProfileUpdated: {
    subject: 'accounts.user.profile_updated',
    durable: true,
    schema: Type.Object({
      user_id: Type.String(),
      email_id: Type.String(),
      user_name: Type.Union([Type.String(), Type.Null()]),
      profile_image: Type.Union([Type.String(), Type.Null()]),
      gender: Type.Union([Type.String(), Type.Null()]),
      age_id: Type.Union([Type.Integer(), Type.Null()]),
      area_id: Type.Union([Type.Integer(), Type.Null()]),
      max_point_for_chatting: Type.Integer(),
      max_point_for_a_call: Type.Integer(),
      /** Approved expert (the mark on their voices); absent from producers that predate it: false. */
      is_expert: Type.Optional(Type.Boolean()),
      updated_at: Type.String(),
    }),
  },
  /** The user changed their name: their friends are reset and friend rooms removed (spec §4). */
  userRenamed: {
    subject: 'accounts.user.renamed',
    durable: true,
    schema: Type.Object({ user_id: Type.String(), user_name: Type.String(), renamed_at: Type.String() }),
  },
  /** A user (or one character) was deleted: every service removes what it holds of them. */
  userDeleted: {
    subject: 'accounts.user.deleted',
    durable: true,
    schema: Type.Object({ user_id: Type.String(), deleted_at: Type.String() }),
  },
  /**
   * A real-time event for one user, sequenced already; every gateway instance receives it. Batched:
   * a busy chat sends thousands a second, and many ride in one bus message.
   */
  realtimeDelivered: {
    subject: 'realtime.event.delivered',
    batched: true,
    schema: Type.Object({
      user_id: Type.String(),
      /** When set, only sockets of this session receive it. */
      session_id: Type.Optional(Type.String()),
      event: RealtimeEvent,
    }),
  },
  /**
   * A real-time event for everyone watching a channel (e.g. the voices of one theme). Not
   * sequenced and not replayed: a client that reconnects reloads the list instead.
   */
  channelDelivered: {
    subject: 'realtime.channel.delivered',
    schema: Type.Object({
      channel: Type.String({ pattern: '^[a-z]+:[A-Za-z0-9:_-]{1,120}$' }),
      event: RealtimeEvent,
      /** Watchers who must not get it (a block either way with the voice's poster). */
      except: Type.Optional(Type.Array(Type.String())),
      /** When set, only these users' sockets get it (a gated sub-category: those who unlocked it). */
      only: Type.Optional(Type.Array(Type.String())),
    }),
  },
  /**
   * A voice was posted (topics). Carries no poster name or avatar; `user_id` is for services
   * (chat, calls), never to be shown for an anonymous voice.
   */
  topicCreated: {
    subject: 'topics.topic.created',
    schema: Type.Object({
      topic_id: Type.String(),
      thread_id: Type.String(),
      user_id: Type.String(),
      is_anonymous: Type.Boolean(),
      expire_at: Type.String(),
    }),
  },
  /**
   * A voice is gone before its expiry: its poster posted again in the same theme ('replaced') or
   * was deleted ('user_deleted'), or an operator discarded it after the filter held it ('discarded').
   * Chat deletes the rooms and messages of the voice.
   */
  topicDeleted: {
    subject: 'topics.topic.deleted',
    durable: true,
    schema: Type.Object({
      topic_id: Type.String(),
      thread_id: Type.String(),
      user_id: Type.String(),
      reason: Type.Union([Type.Literal('replaced'), Type.Literal('user_deleted'), Type.Literal('discarded')]),
      deleted_at: Type.String(),
    }),
  },
  /** A voice passed its expire_at and was deleted with its history and replies. */
  topicExpired: {
    subject: 'topics.topic.expired',
    durable: true,
    schema: Type.Object({
      topic_id: Type.String(),
      thread_id: Type.String(),
      user_id: Type.String(),
      expire_at: Type.String(),
    }),
  },
  /**
   * A room was opened on a voice (chat publishes it). `user_id` is the person who opened it
   * (not the voice's poster); `is_anonymous` whether they hide themselves in it. Topics records
   * the history entries of both sides and a reply on the voice.
   */
  chatRoomOpened: {
    subject: 'chat.room.opened',
    durable: true,
    schema: Type.Object({
      room_id: Type.String(),
      topic_id: Type.String(),
      user_id: Type.String(),
      is_anonymous: Type.Boolean(),
    }),
  },
  /** The opener of a room on a voice sent their first message (the reply list's 'replied' filter). */
  chatRoomReplied: {
    subject: 'chat.room.replied',
    // Topics' "replied" flag (issue 26): queued with the room's flag in chat's outbox.
    durable: true,
    schema: Type.Object({ room_id: Type.String(), topic_id: Type.String(), user_id: Type.String() }),
  },
  /** A user blocked or unblocked another (accounts); chat refuses and hides a blocked sender's messages. */
  /**
   * A present was given (the ledger entry is committed; the outbox relays this): chat posts the
   * gift stamp in the room for both, once per gift id.
   */
  /**
   * Points' own: a committed transfer changed these users' balances. Queued in the ledger's
   * transaction (outbox), so their sockets hear every committed change, even when the process that
   * wrote it dies before it could tell them; points answers it with `points.balance_changed`.
   */
  balanceChanged: {
    subject: 'points.balance.changed',
    // The balance a user sees (issue 26): relayed from the ledger's outbox onto the stream, so a
    // points instance that was down still announces it.
    durable: true,
    schema: Type.Object({ user_ids: Type.Array(Type.String(), { minItems: 1, maxItems: 2 }) }),
  },
  /**
   * An operator's (console or API key) or the CLI's grant, written by points in the transaction of
   * the grant itself (outbox): safety audits it from this, once per transfer, so no grant goes
   * without its audit entry whichever way it was made (ADR 0034). A replayed grant moves nothing and
   * publishes nothing.
   */
  pointsGranted: {
    subject: 'points.grant.recorded',
    durable: true,
    schema: Type.Object({
      transfer_id: Type.String(),
      user_id: Type.String(),
      amount: Type.Integer(),
      reason: Type.String(),
      idempotency_key: Type.String(),
      /** operator:<id>, key:<id> (the console) or cli:<login> (the points CLI). */
      actor: Type.String(),
      at: Type.String(),
    }),
  },
  giftSent: {
    subject: 'points.gift.sent',
    durable: true,
    schema: Type.Object({
      gift_id: Type.String(),
      room_id: Type.String(),
      sender_id: Type.String(),
      receiver_id: Type.String(),
      coin: Type.Integer(),
      at: Type.String(),
    }),
  },
  blockChanged: {
    subject: 'accounts.block.changed',
    durable: true,
    schema: Type.Object({
      blocker_id: Type.String(),
      blocked_id: Type.String(),
      blocked: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /** Two users became friends or stopped being friends (published once per pair, by accounts). */
  friendChanged: {
    subject: 'accounts.friend.changed',
    durable: true,
    schema: Type.Object({
      user_id: Type.String(),
      friend_id: Type.String(),
      friend: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /** Settings other services act on: chat expires a sender's messages after saved_message_time minutes. */
  userSettingsUpdated: {
    subject: 'accounts.user.settings_updated',
    durable: true,
    schema: Type.Object({ user_id: Type.String(), saved_message_time: Type.Integer(), at: Type.String() }),
  },
  /**
   * Someone blocked or unblocked the partner of one room from inside it (chat; ADR 0020): the way an
   * anonymous partner is blocked. Calls ends the room's live call on a block, as a person block ends
   * a named call. Only the room is named, never the partner.
   */
  chatRoomBlockChanged: {
    subject: 'chat.room.block_changed',
    durable: true,
    schema: Type.Object({
      room_id: Type.String(),
      blocker_id: Type.String(),
      blocked: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /**
   * A call ended (calls). Chat, and only for this, stores the call record in the room: message type
   * `record_type` (5–8, CALL_RECORD) from the caller to the callee, `data` as given (talk seconds for
   * 6, the end cause otherwise), each side's anonymity as the room holds it. Also what the points
   * issue charges a paid call from (`connected_at`, `ended_at`, `payer_id`, `call_price`).
   */
  callEnded: {
    subject: 'calls.call.ended',
    // The room's call record (issue 26): queued with the call's end in calls' outbox.
    durable: true,
    schema: Type.Object({
      call_id: Type.String(),
      room_id: Type.String(),
      topic_id: Type.Union([Type.String(), Type.Null()]),
      caller_id: Type.String(),
      callee_id: Type.String(),
      end_cause: Type.String(),
      record_type: Type.Integer({ minimum: 5, maximum: 8 }),
      data: Type.String(),
      duration_seconds: Type.Integer(),
      payer_id: Type.Union([Type.String(), Type.Null()]),
      call_price: Type.Integer(),
      connected_at: Type.Union([Type.String(), Type.Null()]),
      ended_at: Type.String(),
    }),
  },
  /**
   * A user reported another person (accounts' `POST /users/user_reports`): the moderation service
   * files it. Queued in accounts' outbox with the report row.
   */
  userReported: {
    subject: 'accounts.user.reported',
    durable: true,
    schema: Type.Object({
      report_id: Type.String(),
      reporter_id: Type.String(),
      reported_id: Type.String(),
      content: Type.String(),
      at: Type.String(),
    }),
  },
  /** A voice was reported (topics): its text is copied as it stood, since the voice may expire first. */
  voiceReported: {
    subject: 'topics.voice.reported',
    durable: true,
    schema: Type.Object({
      report_id: Type.String(),
      topic_id: Type.String(),
      poster_id: Type.String(),
      reporter_id: Type.String(),
      content: Type.String(),
      voice: Type.Object({
        title: Type.Union([Type.String(), Type.Null()]),
        detail: Type.Union([Type.String(), Type.Null()]),
        is_anonymous: Type.Boolean(),
        expire_at: Type.Union([Type.String(), Type.Null()]),
      }),
      at: Type.String(),
    }),
  },
  /** The partner of a room was reported (chat); safety asks chat, calls and points for the evidence. */
  roomReported: {
    subject: 'chat.room.reported',
    durable: true,
    schema: Type.Object({
      report_id: Type.String(),
      room_id: Type.String(),
      reporter_id: Type.String(),
      reported_id: Type.String(),
      type: Type.Integer(),
      content: Type.String(),
      at: Type.String(),
    }),
  },
  /**
   * The age-assurance policy changed in the console (ADR 0031): the pairs of states between whom
   * contact details pass in 1:1 chats. Chat keeps the newest; none yet means the default.
   */
  agePolicyChanged: {
    subject: 'safety.age_policy.changed',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      contact_pairs: Type.Array(Type.Array(Type.String())),
      /** Per feature, the states allowed (ADR 0038); absent in events from before it: all allowed. */
      features: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
      at: Type.String(),
    }),
  },
  /**
   * A person's age-assurance state (ADR 0031): published by safety when an operator decides an ID
   * review and when a profile's age group changes it; chat applies it to the contact-exchange
   * policy. Every character of the person (`user_ids`) shares the state; newer `at` wins.
   */
  personAgeState: {
    subject: 'safety.person.age_state',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      person_id: Type.String(),
      user_ids: Type.Array(Type.String()),
      state: Type.Union([Type.Literal('minor'), Type.Literal('self_declared_adult'), Type.Literal('verified_adult')]),
      at: Type.String(),
    }),
  },
  /**
   * A moderation action on a person (all their characters): accounts refuses sign-in and ends every
   * session (the gateway closes their sockets on the revocations), calls ends their live calls,
   * topics hides their voices. `lift` ends it early. `until` null: until lifted (a ban).
   */
  personRestricted: {
    subject: 'safety.person.restricted',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      person_id: Type.String(),
      user_ids: Type.Array(Type.String()),
      restriction: Type.Union([
        Type.Literal('mute'),
        Type.Literal('suspend'),
        Type.Literal('ban'),
        Type.Literal('lift'),
        /** Points frozen / unfrozen (ADR 0030): only points acts on these; `lift` leaves a freeze standing. */
        Type.Literal('freeze'),
        Type.Literal('unfreeze'),
      ]),
      until: Type.Union([Type.String(), Type.Null()]),
      at: Type.String(),
    }),
  },
  /**
   * A user reported the other side from inside a live call (POST /safety/rooms/:id/call_report):
   * the reporter has blocked them as the app's own block menu in that room would — chat blocks the
   * room when either side is anonymous there (ADR 0020), accounts blocks the person otherwise — and
   * calls ends the room's live call for both at once (the block would end it too; this does not
   * wait for it). Safety publishes it with the report, through its outbox.
   */
  callReported: {
    subject: 'safety.call.reported',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      report_id: Type.String(),
      room_id: Type.String(),
      reporter_id: Type.String(),
      reported_id: Type.String(),
      /** Either side anonymous in the room: the block is the room's, not the person's. */
      anonymous: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /**
   * An operator deleted messages (delete_messages): chat deletes the listed messages, and in
   * `room_id` every message sent by `sender_ids`, for both sides, telling their sockets as for a
   * message its sender deleted.
   */
  messagesModerated: {
    subject: 'safety.messages.deleted',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      message_ids: Type.Array(Type.String()),
      room_id: Type.Union([Type.String(), Type.Null()]),
      sender_ids: Type.Array(Type.String()),
      at: Type.String(),
    }),
  },
  /** An operator hid a voice (or showed it again): topics stops listing it. */
  voiceModerated: {
    subject: 'safety.voice.moderated',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      topic_id: Type.String(),
      hidden: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /**
   * An operator changed the filter's lists (ADR 0028). Every instance that filters text hears it (no
   * queue group): with `version` one past its own it applies the change; otherwise (a missed or
   * out-of-order update) it asks safety for the whole lists again (`safety.filter.lists`). Safety
   * also announces its version without a change when it starts, so instances that came up before it
   * (and filter with the default list meanwhile) fetch at once rather than at their next retry.
   */
  filterListsChanged: {
    subject: 'safety.filter.changed',
    schema: Type.Object({
      version: Type.Integer(),
      change: Type.Optional(
        Type.Union([
          Type.Object({ op: Type.Literal('put'), entry: FilterEntry }),
          Type.Object({ op: Type.Literal('remove'), id: Type.String() }),
        ]),
      ),
    }),
  },
  /**
   * A chat message hit a `hold` entry (stored, not delivered) or a `flag` entry (delivered) of the
   * filter's lists (ADR 0028): safety files it in the queue with the text frozen as evidence.
   */
  chatMessageFiltered: {
    subject: 'chat.message.filtered',
    durable: true,
    schema: Type.Object({
      message_id: Type.String(),
      room_id: Type.String(),
      sender_id: Type.String(),
      receiver_id: Type.String(),
      action: Type.Union([Type.Literal('hold'), Type.Literal('flag')]),
      text: Type.String(),
      entries: Type.Array(Type.String()),
      at: Type.String(),
    }),
  },
  /**
   * A voice's title, detail or comment hit a `hold` entry (stored, shown to its poster only) or a `flag`
   * entry (shown) of the filter's lists (ADR 0037): safety files it in the queue with the text frozen.
   * Queued in topics' outbox with the voice, so a crash between cannot lose the queue item.
   */
  voiceFiltered: {
    subject: 'topics.voice.filtered',
    durable: true,
    schema: Type.Object({
      topic_id: Type.String(),
      thread_id: Type.String(),
      poster_id: Type.String(),
      action: Type.Union([Type.Literal('hold'), Type.Literal('flag')]),
      title: Type.String(),
      detail: Type.String(),
      comment: Type.String(),
      entries: Type.Array(Type.String()),
      at: Type.String(),
    }),
  },
  /** A theme named with a `flag` entry (ADR 0037): safety queues it. */
  themeTextFlagged: { subject: 'topics.text.flagged', durable: true, schema: TextFlagged },
  /** A character's name, forbidden matters or self-PR saved with a `flag` entry (ADR 0037): safety queues it. */
  profileTextFlagged: { subject: 'accounts.text.flagged', durable: true, schema: TextFlagged },
  /** An operator released a held voice (topics shows it to everyone) or discarded it (topics deletes it). */
  heldVoiceDecided: {
    subject: 'safety.voice.decided',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      topic_id: Type.String(),
      release: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /** An operator released a held message (chat delivers it) or discarded it (chat deletes it). */
  heldMessageDecided: {
    subject: 'safety.message.decided',
    durable: true,
    schema: Type.Object({
      event_id: Type.String(),
      message_id: Type.String(),
      release: Type.Boolean(),
      at: Type.String(),
    }),
  },
  /** A user's first socket opened (online) or last socket closed (offline); the gateway publishes it. */
  presenceChanged: {
    subject: 'realtime.presence.changed',
    schema: Type.Object({ user_id: Type.String(), online: Type.Boolean(), at: Type.String() }),
  },
  /**
   * A user's sockets past the per-user cap, counted over every gateway instance: the instance holding
   * each closes it (4408). `sockets` are the gateway's own ids (`<instance>:<socket>`).
   */
  socketsReplaced: {
    subject: 'realtime.sockets.replaced',
    schema: Type.Object({ user_id: Type.String(), sockets: Type.Array(Type.String()) }),
  },
} as const satisfies Record<string, EventDef>;

/**
 * A client command sent over the real-time socket (`{type:'command'}`): the gateway passes the
 * caller it authenticated and the body; the owning service answers exactly what its HTTP endpoint
 * would (status and envelope), so a client treats both paths alike.
 */
const SocketCommand = Type.Object({ user_id: Type.String(), session_id: Type.String(), body: Type.Unknown() });
const SocketCommandResult = Type.Object({ status: Type.Integer(), body: Type.Unknown() });

export const requests = {
  // The points operator API, asked by safety for an operator it checked and audits (ADR 0034);
  // `actor` is the console's name for them (operator:<id> / key:<id>), written on the grant.
  pointsOperatorGrant: {
    subject: 'points.operator.grant',
    request: Type.Object({ actor: Type.String(), grant: GrantBody }),
    reply: OperatorReply(GrantResult),
  },
  pointsOperatorUnusedReport: {
    subject: 'points.operator.unused_report',
    request: UnusedReportQuery,
    reply: OperatorReply(UnusedReport),
  },
  pointsOperatorPurchases: {
    subject: 'points.operator.purchases',
    request: PurchaseEventsQuery,
    reply: OperatorReply(Type.Array(PurchaseEvent)),
  },
  accountsOperatorRank: {
    subject: 'accounts.operator.rank',
    request: Type.Object({ actor: Type.String(), user_id: Type.String(), rank: RankBody }),
    reply: OperatorReply(Type.Object({ user_id: Type.String(), rank: Rank })),
  },
  accountsOperatorExpertRequests: {
    subject: 'accounts.operator.expert_requests',
    request: ExpertRequestsQuery,
    reply: OperatorReply(Type.Array(ExpertRequest)),
  },
  accountsOperatorExpert: {
    subject: 'accounts.operator.expert',
    request: Type.Object({ actor: Type.String(), user_id: Type.String(), approve: Type.Boolean() }),
    reply: OperatorReply(Type.Object({ user_id: Type.String(), is_approval: Type.Integer() })),
  },
  /** POST /messages sent over the socket (the chat screen's path while it is connected). */
  chatMessageSend: {
    subject: 'chat.command.message.send',
    request: SocketCommand,
    reply: SocketCommandResult,
  },
  /** A p2p signalling message (offer/answer/ICE) over the socket: POST /calls/signal's body. */
  callsSignal: {
    subject: 'calls.command.call.signal',
    request: SocketCommand,
    reply: SocketCommandResult,
  },
  balanceGet: {
    subject: 'points.balance.get',
    request: Type.Object({ user_id: Type.String() }),
    reply: Type.Object({ user_id: Type.String(), balance: Type.Integer() }),
  },
  /** The saved topic filter of a user, for the history object of GET /users/profile (accounts). */
  topicsFilterGet: {
    subject: 'topics.filter.get',
    request: Type.Object({ user_id: Type.String() }),
    reply: Type.Object({
      age_id: Type.Union([Type.Integer(), Type.Null()]),
      gender: Type.Union([Type.String(), Type.Null()]),
      user_status: Type.Integer(),
      latest_joined_thread: Type.Union([Type.String(), Type.Null()]),
      is_first_search: Type.Boolean(),
    }),
  },
  /**
   * A live voice as services need it (chat opening a room, calls pricing a call), poster id
   * included: never forward `user_id` of an anonymous voice to the other side. `found` false when
   * it is gone or expired, and, when `viewer_id` is given, when that user may not see it (a gated
   * sub-category they have not unlocked, a block either way with the poster): the REST read's checks.
   */
  topicsTopicGet: {
    subject: 'topics.topic.get',
    request: Type.Object({ topic_id: Type.String(), viewer_id: Type.Optional(Type.String()) }),
    reply: Type.Object({
      found: Type.Boolean(),
      topic_id: Type.String(),
      thread_id: Type.Union([Type.String(), Type.Null()]),
      user_id: Type.Union([Type.String(), Type.Null()]),
      title: Type.Union([Type.String(), Type.Null()]),
      is_anonymous: Type.Boolean(),
      is_callable: Type.Boolean(),
      chat_price: Type.Integer(),
      call_price: Type.Integer(),
      time_call_price: Type.Integer(),
      purchase_on_start: Type.Boolean(),
      expire_at: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  /**
   * For accounts' friend list: per peer, the friend room with them, its unread count for `user_id`,
   * a preview of the latest message ('ボイスメッセージ' for voice) and its time.
   */
  chatRoomsSummary: {
    subject: 'chat.rooms.summary',
    request: Type.Object({ user_id: Type.String(), peer_ids: Type.Array(Type.String(), { maxItems: 1000 }) }),
    reply: Type.Object({
      summaries: Type.Array(
        Type.Object({
          peer_id: Type.String(),
          room_id: Type.Union([Type.String(), Type.Null()]),
          unreadCount: Type.Integer(),
          latestMessage: Type.Union([Type.String(), Type.Null()]),
          updated_at: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  },
  /**
   * For topics' history rows (GET /history): per room of the user, the unread count for `user_id`
   * and a preview of the latest message they may see, so every row says what waits behind it.
   */
  chatRoomsPreview: {
    subject: 'chat.rooms.preview',
    request: Type.Object({ user_id: Type.String(), room_ids: Type.Array(Type.String(), { maxItems: 1000 }) }),
    reply: Type.Object({
      previews: Type.Array(
        Type.Object({
          room_id: Type.String(),
          unreadCount: Type.Integer(),
          latestMessage: Type.Union([Type.String(), Type.Null()]),
          updated_at: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  },
  /**
   * A user took a new name (spec §4: friendships reset): chat removes their friend rooms, tells both
   * sides ('15') and answers the ids (POST /users/change_user_name returns them as `roomIds`).
   */
  chatFriendRoomsRemove: {
    subject: 'chat.friend_rooms.remove',
    request: Type.Object({ user_id: Type.String(), renamed_at: Type.String() }),
    reply: Type.Object({ room_ids: Type.Array(Type.String()) }),
  },
  /**
   * Evidence for a room report (safety): the reported person's latest message in the room and the
   * messages around it, as chat holds them now (before they vanish on their timer).
   */
  chatRoomEvidence: {
    subject: 'chat.room.evidence',
    request: Type.Object({
      room_id: Type.String(),
      reported_id: Type.String(),
      around: Type.Integer({ minimum: 0, maximum: 100 }),
    }),
    reply: Type.Object({
      found: Type.Boolean(),
      anchor_id: Type.Union([Type.String(), Type.Null()]),
      messages: Type.Array(
        Type.Object({
          id: Type.String(),
          sender_id: Type.String(),
          type: Type.Integer(),
          content: Type.Union([Type.String(), Type.Null()]),
          created_at: Type.String(),
        }),
      ),
    }),
  },
  /** Evidence for a room report (safety): the room's calls (start, connection, end, paid minutes). */
  callsRoomEvidence: {
    subject: 'calls.room.evidence',
    request: Type.Object({ room_id: Type.String() }),
    reply: Type.Object({
      calls: Type.Array(
        Type.Object({
          call_id: Type.String(),
          caller_id: Type.String(),
          callee_id: Type.String(),
          state: Type.String(),
          started_at: Type.String(),
          connected_at: Type.Union([Type.String(), Type.Null()]),
          ended_at: Type.Union([Type.String(), Type.Null()]),
          end_cause: Type.Union([Type.String(), Type.Null()]),
          call_price: Type.Integer(),
          paid_minutes: Type.Integer(),
        }),
      ),
    }),
  },
  /** Evidence for a room report (safety): the points moved in the room (fees, bonuses, call minutes, gifts). */
  pointsRoomEvidence: {
    subject: 'points.room.evidence',
    request: Type.Object({ room_id: Type.String() }),
    reply: Type.Object({
      movements: Type.Array(
        Type.Object({
          kind: Type.String(),
          from: Type.Union([Type.String(), Type.Null()]),
          to: Type.Union([Type.String(), Type.Null()]),
          amount: Type.Integer(),
          at: Type.String(),
        }),
      ),
    }),
  },
  /** A person's points for the console (safety, ADR 0030): balances, frozen state, latest movements. */
  pointsPersonView: {
    subject: 'points.person.view',
    request: Type.Object({ user_ids: Type.Array(Type.String(), { maxItems: 10 }) }),
    reply: PersonPoints,
  },
  /**
   * A moderator's refund of a reported room's paid movements (safety, ADR 0030): every chat fee,
   * bonus and call minute in the room goes back to its payer as a `refund` transfer keyed by the
   * original, so asking twice refunds once. From the receiver while they hold it, else from
   * `house:refunds`. `dry_run`: what would be refunded, nothing written.
   */
  pointsRoomRefund: {
    subject: 'points.room.refund',
    request: Type.Object({
      room_id: Type.String(),
      actor: Type.String(),
      reason: Type.String(),
      dry_run: Type.Boolean(),
    }),
    reply: Type.Object({
      items: Type.Array(
        Type.Object({
          transfer_id: Type.String(),
          kind: Type.String(),
          payer: Type.String(),
          receiver: Type.String(),
          amount: Type.Integer(),
          /** Who the points came back from: the receiver, or the house where the receiver had spent them. */
          source: Type.Union([Type.Literal('receiver'), Type.Literal('house'), Type.Null()]),
        }),
      ),
      /** Points still to refund (dry run) or refunded now. */
      total: Type.Integer(),
      /** Movements of the room refunded before (not counted in `total`). */
      already: Type.Integer(),
    }),
  },
  /** Who is in a room and whether each hides their name there (accounts refuses friendships across anonymity). */
  /**
   * Another service charges a user (a paid chat's fee when its room opens, a paid call's minute):
   * one ledger transfer keyed by the business id, so a retry or a second instance asking again
   * moves nothing twice. `insufficient`: the payer cannot pay, nothing is written.
   */
  pointsTransfer: {
    subject: 'points.transfer.request',
    request: Type.Object({
      key: Type.String({ minLength: 1, maxLength: 200 }),
      kind: Type.Union([Type.Literal('chat_fee'), Type.Literal('chat_bonus'), Type.Literal('call_minute')]),
      from: Type.String({ minLength: 1 }),
      to: Type.String({ minLength: 1 }),
      amount: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      room_id: Type.Optional(Type.String()),
      call_id: Type.Optional(Type.String()),
    }),
    reply: Type.Object({
      /** 'monthly_cap': the payer is under 18 and this would pass their monthly cap (nothing written). */
      status: Type.Union([
        Type.Literal('done'),
        Type.Literal('insufficient'),
        Type.Literal('monthly_cap'),
        Type.Literal('conflict'),
        /** The payer's points are frozen by a moderator (ADR 0030): nothing written. */
        Type.Literal('frozen'),
      ]),
      replayed: Type.Boolean(),
      /** The payer's balance after it (also when refused). */
      balance: Type.Integer(),
    }),
  },
  /**
   * The filter's whole lists with their version: every filtering instance asks at start, after a gap,
   * and every ~30 s (a change announced while the bus was down). With `known_version` equal to the
   * current version the entries are left out: the periodic check costs a version read.
   */
  filterLists: {
    subject: 'safety.filter.lists',
    request: Type.Object({ known_version: Type.Optional(Type.Integer()) }),
    reply: Type.Object({ version: Type.Integer(), entries: Type.Array(FilterEntry) }),
  },
  chatRoomParticipants: {
    subject: 'chat.room.participants',
    request: Type.Object({ room_id: Type.String() }),
    reply: Type.Object({
      found: Type.Boolean(),
      participants: Type.Array(Type.Object({ user_id: Type.String(), is_anonymous: Type.Boolean() })),
      /** For calls: the room's kind (1–4), voice, whether the pair are friends and whether either blocked the other. */
      room_type_id: Type.Optional(Type.Integer()),
      topic_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      are_friends: Type.Optional(Type.Boolean()),
      blocked: Type.Optional(Type.Boolean()),
      deleted: Type.Optional(Type.Boolean()),
    }),
  },
  /**
   * For points' gift in the spec's shape (`PUT /users/send_coin {coin, receiveUserId}`, no room): the
   * room between the two that the gift screen would be in — the live room of the pair updated last —
   * among those where `peer_id` is named to `user_id`. An anonymous partner cannot be found by id:
   * null, as for anyone the user has no room with.
   */
  chatRoomBetween: {
    subject: 'chat.room.between',
    request: Type.Object({ user_id: Type.String(), peer_id: Type.String() }),
    reply: Type.Object({ room_id: Type.Union([Type.String(), Type.Null()]) }),
  },
  // Read-model rebuilds (issue 12): accounts answers the current truth in the shape of its events, so
  // a service that lost events applies them with the handlers it already has (`pnpm rebuild`).
  /**
   * Every user's card as `accounts.user.profile_updated` says it.
   * Pages in id order: `after` is the last page's `next` (null to start); `next` null on the last.
   */
  accountsCardsPage: {
    subject: 'accounts.snapshot.cards',
    request: Type.Object({
      after: Type.Union([Type.String(), Type.Null()]),
      limit: Type.Integer({ minimum: 1, maximum: 500 }),
    }),
    reply: Type.Object({
      items: Type.Array(events.userProfileUpdated.schema),
      next: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  /**
   * Every block in force, one `accounts.block.changed` per pair of the two people's characters.
   * Pages in id order: `after` is the last page's `next` (null to start); `next` null on the last.
   */
  accountsBlocksPage: {
    subject: 'accounts.snapshot.blocks',
    request: Type.Object({
      after: Type.Union([Type.String(), Type.Null()]),
      limit: Type.Integer({ minimum: 1, maximum: 500 }),
    }),
    reply: Type.Object({
      items: Type.Array(events.blockChanged.schema),
      next: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  /**
   * Every friendship, as `accounts.friend.changed` with `friend: true`, one per direction stored.
   * Pages in id order: `after` is the last page's `next` (null to start); `next` null on the last.
   */
  accountsFriendsPage: {
    subject: 'accounts.snapshot.friends',
    request: Type.Object({
      after: Type.Union([Type.String(), Type.Null()]),
      limit: Type.Integer({ minimum: 1, maximum: 500 }),
    }),
    reply: Type.Object({
      items: Type.Array(events.friendChanged.schema),
      next: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  /**
   * Which of these users accounts still has (not deleted): a rebuild pages through the user ids its
   * service holds, asks for each page, and removes the missing ones as `accounts.user.deleted`
   * would have (the event was lost). Up to 500 ids a request; `existing` keeps the order asked.
   */
  accountsUsersExisting: {
    subject: 'accounts.snapshot.existing',
    request: Type.Object({
      user_ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 500 }),
    }),
    reply: Type.Object({ existing: Type.Array(Type.String()) }),
  },
  /**
   * Chat's rooms on voices (not deleted), each as the `chat.room.opened` that made it and, once the
   * opener wrote, the `chat.room.replied`: what topics' history and replies copy (issue 12).
   * Pages in room id order: `after` is the last page's `next` (null to start); `next` null on the last.
   */
  chatRoomsPage: {
    subject: 'chat.snapshot.rooms',
    request: Type.Object({
      after: Type.Union([Type.String(), Type.Null()]),
      limit: Type.Integer({ minimum: 1, maximum: 500 }),
    }),
    reply: Type.Object({
      items: Type.Array(
        Type.Object({
          opened: events.chatRoomOpened.schema,
          replied: Type.Union([events.chatRoomReplied.schema, Type.Null()]),
        }),
      ),
      next: Type.Union([Type.String(), Type.Null()]),
    }),
  },
} as const satisfies Record<string, RequestDef>;

/** The bus request that carries each command a client may send over the real-time socket. */
export const realtimeCommands = {
  'message.send': requests.chatMessageSend,
  'call.signal': requests.callsSignal,
} as const satisfies Record<RealtimeCommandName, RequestDef>;

/**
 * `batched`: events of this subject published in the same turn of the event loop travel as one bus
 * message carrying an array; subscribers still see them one by one. For the hot paths, where
 * per-message overhead on the bus would dominate. (Requests always travel that way.)
 *
 * `durable`: a fact other services must not miss (their copies of blocks, names, friendships,
 * deletions). On NATS it is kept in its producer's JetStream stream and each consuming service
 * reads it through a durable consumer, acking after its handler succeeds: a service that was down
 * catches up when it starts (docs/adr/0007-durable-events.md). Everything else is core NATS.
 */
export type EventDef = { subject: string; schema: TSchema; batched?: boolean; durable?: boolean };
export type EventPayload<E extends EventDef> = Static<E['schema']>;
export type RequestDef = { subject: string; request: TSchema; reply: TSchema };
export type RequestPayload<R extends RequestDef> = Static<R['request']>;
export type ReplyPayload<R extends RequestDef> = Static<R['reply']>;
