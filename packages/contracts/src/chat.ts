import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, SpecStatus, Uuid, endpoint, type FieldErrors } from './common.ts';
import { messages } from './messages.ts';
import { REALTIME_TYPES } from './realtime.ts';

// Rooms, messages, read state, unread counts, reports and ratings: spec topics-chat-calls §2–§9
// and the real-time parts of accounts-profile-friends §4 (issue 5). Field names are the spec's.

// ---- constants of §3, §5 and §9 ----

export const ROOM_TYPES = { chatFriend: 1, chatTopic: 2, callFriend: 3, callTopic: 4 } as const;
export type RoomTypeId = (typeof ROOM_TYPES)[keyof typeof ROOM_TYPES];
export const isFriendRoomType = (t: number) => t === ROOM_TYPES.chatFriend || t === ROOM_TYPES.callFriend;

export const MESSAGE_TYPES = {
  text: 1,
  image: 2,
  stamp: 3,
  base64Image: 4,
  missedCall: 5,
  callSuccess: 6,
  callCancel: 7,
  callMiss: 8,
  addFriend: 9,
} as const;
export type MessageTypeId = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];
/** Types 5–8 record calls; only the calls service creates them (clients get 403). */
export const isCallRecordType = (t: number) => t >= MESSAGE_TYPES.missedCall && t <= MESSAGE_TYPES.callMiss;
/**
 * The only types a client may send, over HTTP or the socket: text (sounds included), an uploaded
 * image, a stamp, a base64 image. Every other type (call records 5–8, the add-friend notice 9, any
 * added later) is written by the servers alone, so a new server type is refused from clients by default.
 */
export const CLIENT_MESSAGE_TYPES: readonly number[] = [
  MESSAGE_TYPES.text,
  MESSAGE_TYPES.image,
  MESSAGE_TYPES.stamp,
  MESSAGE_TYPES.base64Image,
];
export const isClientMessageType = (t: number) => CLIENT_MESSAGE_TYPES.includes(t);

/** The presents a user can give (spec §9), in points. */
export const GIFT_COINS = [100, 300, 500, 1000] as const;
export type GiftCoin = (typeof GIFT_COINS)[number];
/** The stamp a gift of `coin` points shows in the chat (1001, 1003, 1005, 1010). */
export const giftStampId = (coin: number) => 1000 + coin / 100;
/** The points of a gift stamp, or null for an ordinary stamp. */
export const giftOfStamp = (stampId: number | null | undefined): number | null =>
  stampId && stampId > 1000 && GIFT_COINS.includes(((stampId - 1000) * 100) as GiftCoin)
    ? (stampId - 1000) * 100
    : null;

/** A message as its sender or receiver sees it (`refused`: the receiver blocked the sender). */
export const MESSAGE_STATUS = {
  sentSuccess: 'sent_success',
  sentFail: 'sent_fail',
  refused: 'refused',
  received: 'received',
  read: 'read',
} as const;
export type MessageStatus = (typeof MESSAGE_STATUS)[keyof typeof MESSAGE_STATUS];

export const CHAT_LIMITS = {
  textMax: 255,
  reportMax: 1000,
  /** Stamps shipped by the frontends: ids 1..stampMax. */
  stampMax: 10,
  /** Gift stamps (a present with its points) are posted by the points service alone: giftStampBase + points / 100. */
  giftStampBase: 1000,
  /** Sound-effect screen: 3 tabs × 8 items (indexes from 0). */
  soundTabs: 3,
  soundItems: 8,
  imageMaxSide: 1080,
  imageQuality: 80,
  imageMaxBytes: 8 * 1024 * 1024,
  pageSize: 20,
  pageMax: 1000,
  deleteMax: 100,
  defaultRetentionMinutes: 60,
  starMin: 1,
  starMax: 5,
  /** The badge reads '99+' from this many unread messages. */
  badgeCap: 100,
} as const;

/** Server → client event types on the real-time socket sent by chat ('14'/'15' are the spec's). */
export const CHAT_REALTIME_TYPES = {
  messageCreated: 'message.created',
  messageRead: 'message.read',
  messageDeleted: 'message.deleted',
  messageExpired: 'message.expired',
  roomUpdated: 'room.updated',
  // The spec's codes, defined once in REALTIME_TYPES.
  topicRoomDeleted: REALTIME_TYPES.topicRoomDeleted,
  friendRoomDeleted: REALTIME_TYPES.friendRoomDeleted,
} as const;

/** The words chat answers with, from the shared catalogue (Japanese quoted from the spec where it quotes it). */
export const CHAT_MESSAGES = {
  textRequired: messages.chatTextRequired,
  textTooLong: messages.chatTextTooLong,
  /** '通報内容を入力してください。' (spec §5, quoted) */
  reportRequired: messages.reportRequired,
  reportTooLong: messages.reportTooLong,
  cannotReportSelf: messages.cannotReportSelf,
  /** 'Please upload a JPG/JPEG/PNG image file.' */
  imageType: messages.imageType,
  imageSendFailed: messages.imageSendFailed,
  stampInvalid: messages.stampInvalid,
  soundInvalid: messages.soundInvalid,
  priceConfirmRequired: messages.priceConfirmRequired,
  notFriends: messages.roomNotFriends,
  /** The owner of a voice opens rooms only with people who wrote on it. */
  notAReplier: messages.roomNotAReplier,
  cannotTalkToSelf: messages.cannotTalkToSelf,
  partnerRequired: messages.partnerRequired,
  roomDeleted: messages.roomDeleted,
  ratingThanks: messages.ratingThanks,
  ratingRange: messages.ratingRange,
  /** Ratings are the payer's: the non-owner of a priced voice's room (ours; docs/strings.md). */
  ratingNotAllowed: 'この部屋は評価できません。',
  /** Bonus chat (spec §4: the owner requests a bonus, the peer approves or declines; ours, docs/strings.md). */
  bonusNotAllowed: 'このチャットではボーナスをリクエストできません。',
  bonusRequested: 'ボーナスをリクエストしました。',
  bonusPaid: 'ボーナスを支払いました。',
  bonusDeclined: 'ボーナスを見送りました。',
  callRecordReserved: messages.callRecordReserved,
  /** The spec's client treats a report as done when the message reads 'success'. */
  reportSuccess: messages.reportSuccess,
} as const;

/** What a list shows for the latest message (the friend list, unread summaries). */
export const MESSAGE_PREVIEW = {
  /** 'voice message' (accounts-profile-friends §2, friends screen) */
  voice: 'ボイスメッセージ',
  image: '画像',
  stamp: 'スタンプ',
  gift: 'プレゼント',
  sound: '効果音',
  missedCall: '不在着信',
  callSuccess: '通話しました',
  callCancel: 'キャンセルされました。',
  addFriend: 'ともだちを追加しました。',
  /** The caller's side of a call nobody answered (walk #17: 不在着信 is the callee's word; LINE's 応答なし). */
  noAnswer: '応答なし',
  /** The callee's side of a call they turned down (walk #17; the caller reads 通話が拒否されました。). */
  refusedByMe: '通話を拒否しました',
} as const;

/**
 * A call record's words as one side reads it (`mine`: the caller, who sends the record). The callee
 * of a call that rang unanswered reads 不在着信, its caller 応答なし; a refusal is 通話が拒否されました。
 * for the caller and 通話を拒否しました for the callee who chose it (walk #17). Talk time and price of a
 * connected call are the room's to add (see the chat remote's MessageItem).
 */
export function callRecordWords(type: number, data: string, mine: boolean): string | null {
  switch (type) {
    case MESSAGE_TYPES.missedCall:
      return mine ? MESSAGE_PREVIEW.noAnswer : MESSAGE_PREVIEW.missedCall;
    case MESSAGE_TYPES.callSuccess:
      return MESSAGE_PREVIEW.callSuccess;
    case MESSAGE_TYPES.callCancel:
      return MESSAGE_PREVIEW.callCancel;
    case MESSAGE_TYPES.callMiss:
      if (data === 'refuse') return mine ? messages.callRefused : MESSAGE_PREVIEW.refusedByMe;
      if (data === 'busy') return mine ? messages.callPartnerBusy : MESSAGE_PREVIEW.missedCall;
      if (data === 'unable_connect') return messages.callUnable;
      return MESSAGE_PREVIEW.missedCall;
    default:
      return null;
  }
}

/** What a list shows of a message (friend list, unread summaries, history rows), server and client alike. */
export function messagePreview(m: {
  message_type_id: number;
  data: string;
  is_sound: boolean;
  is_voice: boolean;
  /** The reader sent it (a call record reads by side; absent: as its receiver reads it). */
  is_mine?: boolean;
}) {
  if (m.is_voice) return MESSAGE_PREVIEW.voice;
  if (m.is_sound) return MESSAGE_PREVIEW.sound;
  switch (m.message_type_id) {
    case MESSAGE_TYPES.image:
    case MESSAGE_TYPES.base64Image:
      return MESSAGE_PREVIEW.image;
    case MESSAGE_TYPES.stamp:
      // A gift stamp's id is its data (the stamp id as text).
      return giftOfStamp(Number(m.data)) !== null ? MESSAGE_PREVIEW.gift : MESSAGE_PREVIEW.stamp;
    case MESSAGE_TYPES.missedCall:
    case MESSAGE_TYPES.callMiss:
    case MESSAGE_TYPES.callSuccess:
    case MESSAGE_TYPES.callCancel:
      return callRecordWords(m.message_type_id, m.data, m.is_mine === true) ?? MESSAGE_PREVIEW.missedCall;
    case MESSAGE_TYPES.addFriend:
      return MESSAGE_PREVIEW.addFriend;
    default:
      return m.data;
  }
}

// ---- entities of §3 ----

/**
 * The other participant as a room shows them. An anonymous participant comes with id, user_name
 * (it reads ANONYMOUS_NAME), profile_image, gender, age and area all hidden; links never appear.
 */
export const ChatUserCard = Type.Object({
  id: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  profile_image: Nullable(Type.String()),
  gender: Nullable(Type.String()),
  age_id: Nullable(Type.Integer()),
  area_id: Nullable(Type.Integer()),
  is_anonymous: Type.Boolean(),
});
export type ChatUserCard = Static<typeof ChatUserCard>;

export const RoomTopic = Type.Object({
  id: Type.String(),
  title: Nullable(Type.String()),
  chat_price: Type.Integer(),
  call_price: Type.Integer(),
  is_callable: Type.Boolean(),
  is_anonymous: Type.Boolean(),
  /** The caller posted the voice (the owner sees the money-request area, never the price prompt). */
  is_mine: Type.Boolean(),
  expire_at: Nullable(Type.String()),
});

export const Room = Type.Object({
  id: Type.String(),
  room_type_id: Type.Integer(),
  topic_id: Nullable(Type.String()),
  topic: Nullable(RoomTopic),
  /** The other participant, anonymity applied. */
  userInfo: ChatUserCard,
  /** Ids of the participants the caller may know: an anonymous partner's id is never here. */
  participants_array: Type.Array(Type.String()),
  /** Anonymity by participant, from the caller's side (`me`, `partner`): ids are not keys, so nothing leaks. */
  anonymous: Type.Object({ me: Type.Boolean(), partner: Type.Boolean() }),
  /** The caller is anonymous in this room. */
  is_anonymous: Type.Boolean(),
  /**
   * The pair are friends. Always false where either side is anonymous: a friendship is between named
   * people, and a flag that followed it would tell who an anonymous partner is (ADR 0020).
   */
  is_friend: Type.Boolean(),
  /** The caller blocked this room's partner from inside the room (POST /rooms/{id}/block). */
  partner_blocked: Type.Boolean(),
  bonus: Type.Boolean(),
  paid: Type.Boolean(),
  /** The non-owner confirmed the chat price before the room opened (the charge lands with points). */
  price_confirmed: Type.Boolean(),
  is_replied: Type.Boolean(),
  is_showed_rate_chat: Type.Boolean(),
  /** The voice is gone (expired or deleted) or the friend room was removed: show 'no such voice' and go back. */
  deleted: Type.Boolean(),
  unreadCount: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Room = Static<typeof Room>;

export const MessageSize = Type.Object({ width: Type.Integer(), height: Type.Integer() });

export const Message = Type.Object({
  id: Type.String(),
  message_type_id: Type.Integer(),
  room_id: Type.String(),
  topic_id: Nullable(Type.String()),
  /** The sender; null when the sender is an anonymous partner. */
  user_id: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  /** The receiver; null when the receiver is an anonymous partner. */
  receiver_id: Nullable(Type.String()),
  is_anonymous: Type.Boolean(),
  /** The caller sent it. */
  is_mine: Type.Boolean(),
  /** Text, an image URL (types 2 and 4), a stamp id as text (type 3). */
  data: Type.String(),
  size: Nullable(MessageSize),
  stamp_id: Nullable(Type.Integer()),
  is_sound: Type.Boolean(),
  sound_tab: Nullable(Type.Integer()),
  sound_item: Nullable(Type.Integer()),
  is_voice: Type.Boolean(),
  is_read: Type.Boolean(),
  status: Type.String(),
  client_id: Nullable(Type.String()),
  topic_title: Nullable(Type.String()),
  room_type_id: Type.Integer(),
  created_at: Type.String(),
  expire_at: Type.String(),
  /** Paging key (`last_doc_id` / `since`). */
  seq: Type.Integer(),
});
export type Message = Static<typeof Message>;

export const RoomUnread = Type.Object({
  room_id: Type.String(),
  /** The voice the room is on; null for a friend room (the friends tab counts those, history the rest). */
  topic_id: Nullable(Type.String()),
  unreadCount: Type.Integer(),
  messageIds: Type.Array(Type.String()),
  latestMessage: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
});
export type RoomUnread = Static<typeof RoomUnread>;

export const UnreadSummary = Type.Object({
  total: Type.Integer(),
  /** '99+' from 100, else the number as text ('' for none). */
  badge: Type.String(),
  rooms: Type.Array(RoomUnread),
});
export type UnreadSummary = Static<typeof UnreadSummary>;

// ---- request payloads of §7 ----

const S = (max: number) => Type.String({ maxLength: max });
/** Room, voice, user, message and image ids (see `Uuid`). */
const Id = Uuid();

/** 1–4, or the spec's second numbering 7–10 for the same four kinds (answered as 1–4). */
const RoomTypeIdSchema = Type.Union([
  Type.Integer({ minimum: 1, maximum: 4 }),
  Type.Integer({ minimum: 7, maximum: 10 }),
]);
/** The spec's second numbering (7 chat-friend … 10 call-topic) mapped onto 1–4. */
export const normalizeRoomType = (t: number) => (t >= 7 && t <= 10 ? t - 6 : t);

export const RoomCreateBody = Type.Object({
  topic_id: Type.Optional(Nullable(Id)),
  /** The partner: required for friend rooms and for a voice's owner opening a room with a replier. */
  user_id: Type.Optional(Nullable(Id)),
  room_type_id: RoomTypeIdSchema,
  is_anonymous: Type.Optional(Type.Boolean()),
  /** An existing room to reopen (participants only). */
  room_id: Type.Optional(Nullable(Id)),
  /** The non-owner agreed to a priced voice's chat price. */
  confirm_price: Type.Optional(Type.Boolean()),
});
export type RoomCreateBody = Static<typeof RoomCreateBody>;

/** The 3-character variant: `id` names a room to reopen (as `room_id` does). */
export const RoomCreate3Body = Type.Object({
  id: Type.Optional(Nullable(Id)),
  topic_id: Type.Optional(Nullable(Id)),
  user_id: Type.Optional(Nullable(Id)),
  room_type_id: RoomTypeIdSchema,
  is_anonymous: Type.Optional(Type.Boolean()),
  confirm_price: Type.Optional(Type.Boolean()),
});

export const RoomParams = Type.Object({ id: Id });
/**
 * A paid room's money state (PUT /rooms/{id}/showBonusStatus and the bonus calls): `bonus` a bonus
 * request of the owner is open, `paid` the chat fee was paid, `bonus_price` what one bonus costs
 * (the voice's chat price), `bonus_count` bonuses paid so far.
 */
export const BonusStatus = Type.Object({
  room_id: Type.String(),
  bonus: Type.Boolean(),
  paid: Type.Boolean(),
  bonus_price: Type.Integer(),
  bonus_count: Type.Integer(),
});
export type BonusStatus = Static<typeof BonusStatus>;
/** The payer's answer to a bonus request: 1 pay, 0 decline (the spec's `status`). */
/** The payer's answer: 1 pays, 0 declines; the spec's truthy forms (true, "1") pay too. */
export const ConfirmBonusBody = Type.Object({ status: SpecStatus });
export const RoomGetQuery = Type.Object({ user_id: Type.Optional(Id) });
export const ReportBody = Type.Object({
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  content: Type.Optional(S(5000)),
});
export const RateBody = Type.Object({
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  star: Type.Integer(),
});
export const ReadBody = Type.Object({
  /** Marks messages up to this one; without it, everything received so far. */
  message_id: Type.Optional(Id),
});
export const UnreadBody = Type.Object({
  /** 0 clears every room (all marked read); any other value only asks for the counts. */
  unread: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Clears one room (as opening it does). */
  room_id: Type.Optional(Id),
});

/** A time as the spec's client writes it: ISO text, epoch milliseconds, or its store's `{_seconds, _nanoseconds}`. */
const SpecTime = Type.Union([
  S(40),
  Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  Type.Object({
    _seconds: Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    _nanoseconds: Type.Optional(Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  }),
]);

export const MessageCreateBody = Type.Object({
  room_id: Id,
  message_type_id: Type.Integer({ minimum: 1, maximum: 9 }),
  data: Type.Optional(S(12 * 1024 * 1024)),
  size: Type.Optional(Nullable(MessageSize)),
  stamp_id: Type.Optional(Nullable(Type.Integer())),
  is_sound: Type.Optional(Type.Boolean()),
  sound_tab: Type.Optional(Nullable(Type.Integer())),
  sound_item: Type.Optional(Nullable(Type.Integer())),
  is_voice: Type.Optional(Type.Boolean()),
  /** The client's id for the message: a resend of a sent-fail message with the same id is not stored twice. */
  client_id: Type.Optional(S(64)),
  // The spec's client sends its whole message (topics-chat-calls §3 Message, "with sender"). The
  // server owns these fields: each is accepted and ignored — the sender is the token's user, the
  // receiver the room's partner, the rest follows from the room — except `user_id`, refused when it
  // names someone other than the sender, and `id`, the client's id when `client_id` is absent
  // (docs/adr/0004-spec-contract-choices.md). `receiver_id` is never compared with the partner: an
  // answer that differed would tell whether an id is the anonymous partner's.
  id: Type.Optional(S(64)),
  topic_id: Type.Optional(Nullable(Id)),
  user_id: Type.Optional(Nullable(Id)),
  send_user_mail: Type.Optional(Nullable(S(320))),
  user_name: Type.Optional(Nullable(S(200))),
  is_anonymous: Type.Optional(Nullable(Type.Boolean())),
  receiver_id: Type.Optional(Nullable(Id)),
  is_read: Type.Optional(Nullable(Type.Boolean())),
  status: Type.Optional(Nullable(S(20))),
  topic_title: Type.Optional(Nullable(S(2000))),
  room_type_id: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
  created_at: Type.Optional(Nullable(SpecTime)),
  expire_at: Type.Optional(Nullable(SpecTime)),
});
export type MessageCreateBody = Static<typeof MessageCreateBody>;

export const MessagesQuery = Type.Object({
  last_doc_id: Type.Optional(S(32)),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAT_LIMITS.pageMax })),
  /** Catching up: messages after this seq, oldest first. */
  since: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type MessagesQuery = Static<typeof MessagesQuery>;

export const DeleteBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: CHAT_LIMITS.deleteMax }) });

/**
 * JSON or the spec's multipart form (`id, message_type_id, data, roomId, size`): `data` is the image
 * as a file part, a data URL or bare base64 (image types 1 and 3 of §9); the room is `room_id` or
 * the spec's `roomId`. `size` is accepted and ignored: the server measures the stored image.
 */
export const ImageUploadBody = Type.Object({
  room_id: Type.Optional(Id),
  roomId: Type.Optional(Id),
  data: Type.Optional(S(12 * 1024 * 1024)),
  message_type_id: Type.Optional(Type.Integer()),
  id: Type.Optional(Id),
  /** As the spec's client sends it; the server measures the image itself. Bounded, not free JSON. */
  size: Type.Optional(Type.Union([MessageSize, Type.Number(), S(100), Type.Null()])),
});
export const ImageUploaded = Type.Object({ id: Type.String(), url: Type.String(), size: MessageSize });
export const ImageParams = Type.Object({ imageId: Id });

// ---- endpoints ----

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };
const Messages = Envelope(Type.Array(Message));
const Deleted = Envelope(Type.Object({ ids: Type.Array(Type.String()) }));

export const chatEndpoints = {
  createRoom: endpoint({
    method: 'POST',
    url: '/rooms',
    service: 'chat',
    summary: 'Open a room on a voice or with a friend, or reopen the existing one (one per pair per voice)',
    auth: 'user',
    schema: { body: RoomCreateBody, response: { 200: Envelope(Room), ...errors } },
  }),
  createRoom3: endpoint({
    method: 'POST',
    url: '/rooms/3charactor',
    service: 'chat',
    summary: 'POST /rooms for the 3-character switcher (`id` reopens a room)',
    auth: 'user',
    schema: { body: RoomCreate3Body, response: { 200: Envelope(Room), ...errors } },
  }),
  unread: endpoint({
    method: 'GET',
    url: '/rooms/unread',
    service: 'chat',
    summary: 'Unread counts per room and in total (badge 99+ from 100)',
    auth: 'user',
    schema: { response: { 200: Envelope(UnreadSummary), ...errors } },
  }),
  updateUnread: endpoint({
    method: 'PUT',
    url: '/rooms/unread',
    service: 'chat',
    summary: 'The spec’s PUT /users/unread: clear one room or all (unread 0), answer the counts',
    auth: 'user',
    schema: { body: UnreadBody, response: { 200: Envelope(UnreadSummary), ...errors } },
  }),
  room: endpoint({
    method: 'GET',
    url: '/rooms/:id',
    service: 'chat',
    summary: 'A room (participants only), flagged deleted when its voice is gone',
    auth: 'user',
    schema: { params: RoomParams, querystring: RoomGetQuery, response: { 200: Envelope(Room), ...errors } },
  }),
  blockRoom: endpoint({
    method: 'POST',
    url: '/rooms/:id/block',
    service: 'chat',
    summary:
      'Block the partner of this room, inside it only: how an anonymous partner is blocked (messages, calls and gifts refused)',
    auth: 'user',
    schema: { params: RoomParams, response: { 200: Envelope(Room), ...errors } },
  }),
  unblockRoom: endpoint({
    method: 'POST',
    url: '/rooms/:id/unblock',
    service: 'chat',
    summary: 'Lift the caller’s block of this room’s partner',
    auth: 'user',
    schema: { params: RoomParams, response: { 200: Envelope(Room), ...errors } },
  }),
  replied: endpoint({
    method: 'PUT',
    url: '/rooms/:id/replied',
    service: 'chat',
    summary: 'The opener replied on the voice (the reply list’s filter)',
    auth: 'user',
    schema: { params: RoomParams, response: { 200: Envelope(Room), ...errors } },
  }),
  bonusChat: endpoint({
    method: 'POST',
    url: '/rooms/:id/bonuschat',
    service: 'chat',
    summary: 'The voice’s owner asks the payer of a paid chat for a bonus (the chat price again)',
    auth: 'user',
    schema: { params: RoomParams, response: { 200: Envelope(BonusStatus), ...errors } },
  }),
  confirmBonusChat: endpoint({
    method: 'POST',
    url: '/rooms/:id/confirmbonuschat',
    service: 'chat',
    summary: 'The payer pays (status 1) or declines (0) the open bonus request; paid once per request',
    auth: 'user',
    schema: { params: RoomParams, body: ConfirmBonusBody, response: { 200: Envelope(BonusStatus), ...errors } },
  }),
  showBonusStatus: endpoint({
    method: 'PUT',
    url: '/rooms/:id/showBonusStatus',
    service: 'chat',
    summary: 'The room’s paid-chat state (bonus requested, paid), for the owner’s money-request area',
    auth: 'user',
    schema: { params: RoomParams, response: { 200: Envelope(BonusStatus), ...errors } },
  }),
  read: endpoint({
    method: 'PUT',
    url: '/rooms/:id/read',
    service: 'chat',
    summary: 'Mark received messages read (idempotent); the sender gets message.read',
    auth: 'user',
    schema: {
      params: RoomParams,
      body: ReadBody,
      response: {
        200: Envelope(
          Type.Object({ room_id: Type.String(), ids: Type.Array(Type.String()), unreadCount: Type.Integer() }),
        ),
        ...errors,
      },
    },
  }),
  report: endpoint({
    method: 'POST',
    url: '/rooms/:id/report',
    service: 'chat',
    summary: 'Report the partner of a room (stored for moderation); answers message success',
    auth: 'user',
    schema: {
      params: RoomParams,
      body: ReportBody,
      response: { 200: Envelope(Type.Object({ message: Type.String(), id: Type.String() })), ...errors },
    },
  }),
  rate: endpoint({
    method: 'PUT',
    url: '/rooms/:id/rate',
    service: 'chat',
    summary: 'Rate a chat or call, 1 to 5 stars',
    auth: 'user',
    schema: {
      params: RoomParams,
      body: RateBody,
      response: { 200: Envelope(Type.Object({ message: Type.String(), star: Type.Integer() })), ...errors },
    },
  }),
  roomMessages: endpoint({
    method: 'GET',
    url: '/rooms/:id/messages',
    service: 'chat',
    summary: 'Messages of a room: newest page first (last_doc_id for older), or `since` a seq, oldest first',
    auth: 'user',
    schema: { params: RoomParams, querystring: MessagesQuery, response: { 200: Messages, ...errors } },
  }),
  sendMessage: endpoint({
    method: 'POST',
    url: '/messages',
    service: 'chat',
    summary: 'Send a message (sender from the token); refused when the receiver blocked the sender',
    auth: 'user',
    schema: { body: MessageCreateBody, response: { 200: Envelope(Message), ...errors } },
  }),
  toMe: endpoint({
    method: 'GET',
    url: '/messages/toMe',
    service: 'chat',
    summary: 'Live messages sent to me, newest first',
    auth: 'user',
    schema: { querystring: MessagesQuery, response: { 200: Messages, ...errors } },
  }),
  toMeInRoom: endpoint({
    method: 'GET',
    url: '/messages/toMe/:roomId',
    service: 'chat',
    summary: 'Live messages sent to me in one room, newest first',
    auth: 'user',
    schema: { params: Type.Object({ roomId: Id }), querystring: MessagesQuery, response: { 200: Messages, ...errors } },
  }),
  deleteMessages: endpoint({
    method: 'POST',
    url: '/messages/delete',
    service: 'chat',
    summary: 'Delete my messages by id (any id of someone else’s: 403, nothing deleted)',
    auth: 'user',
    schema: { body: DeleteBody, response: { 200: Deleted, ...errors } },
  }),
  deleteMessage: endpoint({
    method: 'DELETE',
    url: '/messages/:id',
    service: 'chat',
    summary: 'Delete one of my messages',
    auth: 'user',
    schema: { params: Type.Object({ id: Id }), response: { 200: Deleted, ...errors } },
  }),
  uploadImage: endpoint({
    method: 'POST',
    url: '/messages/signedFileUrl',
    service: 'chat',
    summary:
      'Upload a chat image (a form file or base64; PNG/JPEG by content), stored as JPEG ≤1080 px; answers url and size',
    auth: 'user',
    form: { files: ['data'], maxFileBytes: CHAT_LIMITS.imageMaxBytes, fileTooLarge: CHAT_MESSAGES.imageType },
    schema: { body: ImageUploadBody, response: { 200: Envelope(ImageUploaded), ...errors } },
  }),
  image: endpoint({
    method: 'GET',
    url: '/messages/images/:imageId',
    service: 'chat',
    summary: 'A chat image by its unguessable id (what <img> loads; gone with its message)',
    auth: 'public',
    schema: { params: ImageParams, response: { 404: ErrorEnvelope } },
  }),
} as const;

// ---- rules shared by the server and the screens ----

const charLength = (s: string) => [...s].length;

/** Chat text (spec §5): trimmed, empty not sent, at most 255 characters. */
export function validateChatText(text: string | undefined): FieldErrors {
  const t = (text ?? '').trim();
  if (t.length === 0) return { data: CHAT_MESSAGES.textRequired };
  if (charLength(t) > CHAT_LIMITS.textMax) return { data: CHAT_MESSAGES.textTooLong };
  return {};
}

/** Report text (spec §5): required after trimming ('通報内容を入力してください。'), newlines kept. */
export function validateReport(content: string | undefined): FieldErrors {
  const t = (content ?? '').trim();
  if (t.length === 0) return { content: CHAT_MESSAGES.reportRequired };
  if (charLength(t) > CHAT_LIMITS.reportMax) return { content: CHAT_MESSAGES.reportTooLong };
  return {};
}

/** Only png, jpg and jpeg (by name or declared type on the client; the server checks the content). */
export function isAcceptedImageName(name: string): boolean {
  return /\.(png|jpe?g)$/i.test(name);
}

/** The unread badge: '99+' from 100. */
export const unreadBadge = (n: number) => (n <= 0 ? '' : n >= CHAT_LIMITS.badgeCap ? '99+' : String(n));
