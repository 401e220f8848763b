import { ANONYMOUS_NAME, type Thread, type Timestamp, type Topic, type UserCard } from '@honne/contracts/topics';

import type { PosterColumns, ThreadRow, TopicWithPoster } from '../db/schema/index.ts';

export type { TopicWithPoster };

export interface CardSource {
  user_name: string | null;
  profile_image: string | null;
  gender: string | null;
  age_id: number | null;
  area_id: number | null;
  is_expert?: boolean | null;
}

/**
 * A person as someone else sees them. Anonymity is applied here, on the server, and nowhere
 * else: nothing of an anonymous person's profile (id, name, avatar, gender, age, area) leaves the
 * service towards others, so every anonymous card looks the same whoever is behind it.
 */
export function userCard(
  userId: string,
  card: CardSource | undefined,
  anonymous: boolean,
  viewerIsSelf: boolean,
): UserCard {
  const hidden = anonymous && !viewerIsSelf;
  return {
    id: hidden ? null : userId,
    user_name: hidden ? ANONYMOUS_NAME : (card?.user_name ?? null),
    profile_image: hidden ? null : (card?.profile_image ?? null),
    gender: hidden ? null : (card?.gender ?? null),
    age: !hidden && card?.age_id ? { id: card.age_id } : null,
    age_id: hidden ? null : (card?.age_id ?? null),
    area: !hidden && card?.area_id ? { id: card.area_id } : null,
    area_id: hidden ? null : (card?.area_id ?? null),
    is_anonymous: anonymous,
    is_expert: !hidden && card?.is_expert === true,
  };
}

export const timestamp = (d: Date): Timestamp => ({ _seconds: Math.floor(d.getTime() / 1000), iso: d.toISOString() });

export const posterCard = (row: PosterColumns): CardSource => ({
  user_name: row.poster_name,
  profile_image: row.poster_image,
  gender: row.poster_gender,
  age_id: row.poster_age_id,
  area_id: row.poster_area_id,
  is_expert: row.poster_expert,
});

/** A voice as `viewerId` may see it; `null` viewer = everyone (channel events). */
export function topicView(row: TopicWithPoster, viewerId: string | null): Topic {
  const mine = viewerId === row.user_id;
  return {
    id: row.id,
    thread_id: row.thread_id,
    user_id: row.is_anonymous && !mine ? null : row.user_id,
    user: userCard(row.user_id, posterCard(row), row.is_anonymous, mine),
    title: row.title,
    detail: row.detail,
    comment: row.comment,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    area_id: row.area_id,
    chat_price: row.chat_price,
    call_price: row.call_price,
    time_call_price: row.time_call_price,
    purchase_on_start: row.purchase_on_start,
    purchase_type: row.purchase_type,
    is_callable: row.is_callable,
    is_anonymous: row.is_anonymous,
    is_not_free: row.is_not_free,
    click_number: row.click_number,
    heart_number: row.heart_number,
    expire_at: timestamp(new Date(row.expire_at)),
    expire_after_minute: row.expire_after_minute,
    deleted_at: null,
    room: null,
    room_id: null,
    created_at: new Date(row.created_at).toISOString(),
    is_mine: mine,
    is_thread_owner: viewerId !== null && row.thread_user_id === viewerId,
    by_theme_maker: row.thread_user_id === row.user_id && (!row.is_anonymous || mine),
  };
}

export function threadView(
  row: ThreadRow,
  viewerId: string,
  counts?: { total: number; total_callable: number },
): Thread {
  return {
    id: row.id,
    name: row.name,
    area_id: row.area_id,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    // A theme's maker is not shown to others: with an anonymous voice in their own theme, it
    // would name the voice's poster.
    user_id: row.user_id === viewerId ? row.user_id : null,
    is_default: row.is_default,
    is_mine: row.user_id === viewerId,
    created_at: new Date(row.created_at).toISOString(),
    ...(counts ? { topic: counts } : {}),
  };
}
