import {
  CHAT_LIMITS,
  MESSAGE_STATUS,
  messagePreview,
  type ChatUserCard,
  type Message,
  type Room,
} from '@honne/contracts/chat';
import { ANONYMOUS_NAME } from '@honne/contracts/topics';

import type { CardRow, MessageRow, RoomRow } from '../db/schema/index.ts';

/** The two sides of a room as seen by `viewer`. */
export function sides(
  room: Pick<RoomRow, 'user1_id' | 'user2_id' | 'user1_anonymous' | 'user2_anonymous'>,
  viewer: string,
) {
  const first = room.user1_id === viewer;
  return {
    partnerId: first ? room.user2_id : room.user1_id,
    meAnonymous: first ? room.user1_anonymous : room.user2_anonymous,
    partnerAnonymous: first ? room.user2_anonymous : room.user1_anonymous,
  };
}

export const anonymousOf = (room: Pick<RoomRow, 'user1_id' | 'user1_anonymous' | 'user2_anonymous'>, userId: string) =>
  room.user1_id === userId ? room.user1_anonymous : room.user2_anonymous;

/**
 * A user as the other side may see them: everything but "anonymous" is withheld for an
 * anonymous participant (no id, name, avatar, gender, age or area; links are never held here).
 */
export function chatCard(userId: string, card: CardRow | undefined, anonymous: boolean): ChatUserCard {
  if (anonymous) {
    return {
      id: null,
      user_name: ANONYMOUS_NAME,
      profile_image: null,
      gender: null,
      age_id: null,
      area_id: null,
      is_anonymous: true,
    };
  }
  return {
    id: userId,
    user_name: card?.user_name ?? null,
    profile_image: card?.profile_image ?? null,
    gender: card?.gender ?? null,
    age_id: card?.age_id ?? null,
    area_id: card?.area_id ?? null,
    is_anonymous: false,
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const isRoomDeleted = (room: Pick<RoomRow, 'deleted_at' | 'topic_expire_at'>, now: Date) =>
  room.deleted_at !== null || (room.topic_expire_at !== null && new Date(room.topic_expire_at) <= now);

export function roomView(
  room: RoomRow,
  viewer: string,
  partnerCard: CardRow | undefined,
  extra: { isFriend: boolean; partnerBlocked: boolean; unreadCount: number; now: Date },
): Room {
  const s = sides(room, viewer);
  return {
    id: room.id,
    room_type_id: room.room_type_id,
    topic_id: room.topic_id,
    topic: room.topic_id
      ? {
          id: room.topic_id,
          title: room.topic_title,
          chat_price: room.chat_price,
          call_price: room.call_price,
          is_callable: room.topic_callable,
          is_anonymous: room.topic_anonymous,
          is_mine: room.topic_owner_id === viewer,
          expire_at: room.topic_expire_at ? iso(room.topic_expire_at) : null,
        }
      : null,
    userInfo: chatCard(s.partnerId, partnerCard, s.partnerAnonymous),
    participants_array: s.partnerAnonymous ? [viewer] : [room.user1_id, room.user2_id],
    anonymous: { me: s.meAnonymous, partner: s.partnerAnonymous },
    is_anonymous: s.meAnonymous,
    is_friend: extra.isFriend,
    partner_blocked: extra.partnerBlocked,
    bonus: room.bonus,
    paid: room.paid,
    price_confirmed: room.price_confirmed_at !== null,
    is_replied: room.is_replied,
    is_showed_rate_chat: room.rated_by.includes(viewer),
    deleted: isRoomDeleted(room, extra.now),
    unreadCount: extra.unreadCount,
    created_at: iso(room.created_at),
    updated_at: iso(room.updated_at),
  };
}

export type MessageRoom = Pick<
  RoomRow,
  'user1_id' | 'user1_anonymous' | 'user2_anonymous' | 'topic_id' | 'topic_title' | 'room_type_id'
>;

/** A message as `viewer` sees it: an anonymous partner's id and name never appear. */
export function messageView(m: MessageRow, room: MessageRoom, viewer: string, senderName: string | null): Message {
  const mine = m.sender_id === viewer;
  const senderAnon = anonymousOf(room, m.sender_id);
  const receiverAnon = anonymousOf(room, m.receiver_id);
  const hideSender = senderAnon && !mine;
  const hideReceiver = receiverAnon && m.receiver_id !== viewer;
  // A held message reads as sent to its writer (ADR 0028): the filter's hold is not announced.
  const status =
    m.refused && !(m.held && mine)
      ? MESSAGE_STATUS.refused
      : m.is_read
        ? MESSAGE_STATUS.read
        : mine
          ? MESSAGE_STATUS.sentSuccess
          : MESSAGE_STATUS.received;
  return {
    id: m.id,
    message_type_id: m.message_type_id,
    room_id: m.room_id,
    topic_id: room.topic_id,
    user_id: hideSender ? null : m.sender_id,
    user_name: senderAnon ? ANONYMOUS_NAME : senderName,
    receiver_id: hideReceiver ? null : m.receiver_id,
    is_anonymous: senderAnon,
    is_mine: mine,
    data: m.data,
    size: m.width !== null && m.height !== null ? { width: m.width, height: m.height } : null,
    stamp_id: m.stamp_id,
    is_sound: m.is_sound,
    sound_tab: m.sound_tab,
    sound_item: m.sound_item,
    is_voice: m.is_voice,
    is_read: m.is_read,
    status,
    client_id: mine ? m.client_id : null,
    topic_title: room.topic_title,
    room_type_id: room.room_type_id,
    created_at: iso(m.created_at),
    expire_at: iso(m.expire_at),
    seq: Number(m.seq),
  };
}

/** What a list shows of the latest message (the friend list, unread summaries, history rows). */
export const preview = (
  m: Pick<MessageRow, 'message_type_id' | 'data' | 'is_sound' | 'is_voice' | 'sender_id'>,
  viewer: string,
): string => messagePreview({ ...m, is_mine: m.sender_id === viewer });

/** Minutes of retention, defaulting to the spec's 60. */
export const retentionMinutes = (saved: number | null | undefined) =>
  saved && saved > 0 ? saved : CHAT_LIMITS.defaultRetentionMinutes;

/** A message expires at the sender's retention, and never after its voice (topic rooms). */
export function messageExpiry(
  now: Date,
  savedMinutes: number | null | undefined,
  topicExpireAt: Date | string | null,
): Date {
  const own = new Date(now.getTime() + retentionMinutes(savedMinutes) * 60_000);
  if (topicExpireAt === null) return own;
  const topic = new Date(topicExpireAt);
  return topic < own ? topic : own;
}

/** Pair keys: one room per pair per voice, one friend room per pair. */
export function pairKey(kind: 'friend' | 'topic', a: string, b: string, topicId?: string): string {
  const [x, y] = a < b ? [a, b] : [b, a];
  return kind === 'friend' ? `friend:${x}:${y}` : `topic:${topicId}:${x}:${y}`;
}
