import type {
  AgePolicyTable,
  AgeStateTable,
  ServiceMetaTable,
  BlockTable,
  OutboxTable,
  UserRestrictionTable,
} from '@honne/service-kit';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Facts about this service's data (seed versions). */
/** Reference data seeded by migrations. */
export interface CategoryTable {
  id: number;
  name: string;
  topic_max_num: number | null;
  sort_order: number;
}

export interface SubCategoryTable {
  id: number;
  category_id: number;
  name: string;
  topic_expire_after_max_minutes: number;
  /** `scrypt$<salt hex>$<hash hex>`; never leaves the service. */
  pw_hash: string | null;
  sort_order: number;
}

export interface SubCategoryUnlockTable {
  user_id: string;
  sub_category_id: number;
  unlocked_at: Timestamp;
}

export interface ThreadTable {
  id: string;
  name: string;
  area_id: number;
  category_id: number;
  sub_category_id: number;
  user_id: string | null;
  is_default: boolean;
  created_at: Timestamp;
}

export interface TopicTable {
  id: string;
  thread_id: string;
  user_id: string;
  title: string;
  detail: string;
  comment: string;
  category_id: number;
  sub_category_id: number;
  area_id: number;
  chat_price: number;
  call_price: number;
  time_call_price: number;
  purchase_on_start: boolean;
  purchase_type: number;
  is_callable: boolean;
  is_anonymous: boolean;
  is_not_free: boolean;
  click_number: Generated<number>;
  heart_number: Generated<number>;
  expire_after_minute: number;
  expire_at: Timestamp;
  created_at: Timestamp;
}

export interface TopicClickTable {
  topic_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** Read model of accounts' user cards (events.userProfileUpdated); accounts' tables are never read. */
export interface UserCardTable {
  user_id: string;
  email_id: string;
  user_name: string | null;
  profile_image: string | null;
  gender: string | null;
  age_id: number | null;
  area_id: number | null;
  max_point_for_chatting: number;
  max_point_for_a_call: number;
  is_expert: Generated<boolean>;
  updated_at: Timestamp;
}

/** Read model of presence (events.presenceChanged). */
export interface UserPresenceTable {
  user_id: string;
  online: boolean;
  updated_at: Timestamp;
}

export interface UserFilterTable {
  user_id: string;
  user_status: Generated<number>;
  gender: string | null;
  age_id: number | null;
  area_id: number | null;
  area: string | null;
  category_id: number | null;
  sub_category_id: number | null;
  latest_joined_thread: string | null;
  is_first_search: Generated<boolean>;
  updated_at: Timestamp;
}

/** One entry per (user, room): rooms on my voices (type 1) and rooms I opened on others' (type 2). */
export interface HistoryTable {
  id: string;
  user_id: string;
  room_id: string;
  topic_id: string;
  type: number;
  partner_id: string;
  partner_anonymous: boolean;
  latest_message: string | null;
  expire_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Someone opened a room on a voice; `is_replied` once they wrote in it. */
export interface ReplyTable {
  id: string;
  topic_id: string;
  user_id: string;
  room_id: string;
  is_anonymous: boolean;
  is_replied: Generated<boolean>;
  created_at: Timestamp;
}

export interface TopicHeartTable {
  topic_id: string;
  user_id: string;
  created_at: Date;
}

/** Kept for moderation after the voice expires (no foreign key to topics). */
export interface TopicReportTable {
  id: Generated<string>;
  topic_id: string;
  poster_id: string;
  reporter_id: string;
  content: string;
  created_at: Date;
}

export interface TopicsDb {
  /** Kept from safety's events (kit age-states.ts): anonymous and priced voices go by them (ADR 0038). */
  person_age_states: AgeStateTable;
  age_policy: AgePolicyTable;
  service_meta: ServiceMetaTable;
  categories: CategoryTable;
  sub_categories: SubCategoryTable;
  sub_category_unlocks: SubCategoryUnlockTable;
  threads: ThreadTable;
  topics: TopicTable;
  topic_clicks: TopicClickTable;
  topic_hearts: TopicHeartTable;
  topic_reports: TopicReportTable;
  user_cards: UserCardTable;
  user_presence: UserPresenceTable;
  user_filters: UserFilterTable;
  history: HistoryTable;
  replies: ReplyTable;
  blocks: BlockTable;
  outbox: OutboxTable;
  person_restrictions: UserRestrictionTable;
  moderated_voices: ModeratedVoiceTable;
}

/** An operator's latest decision on a voice (safety.voice.moderated): hidden from everyone but its poster. */
export interface ModeratedVoiceTable {
  topic_id: string;
  hidden: boolean;
  updated_at: Date;
}

export type ThreadRow = Selectable<ThreadTable>;
export type TopicRow = Selectable<TopicTable>;
export type NewTopic = Insertable<TopicTable>;
export type UserCardRow = Selectable<UserCardTable>;
export type UserFilterRow = Selectable<UserFilterTable>;
export type HistoryRow = Selectable<HistoryTable>;
export type ReplyRow = Selectable<ReplyTable>;

/** The poster columns a topic row is read with (left join on the user-card read model). */
export interface PosterColumns {
  poster_name: string | null;
  poster_image: string | null;
  poster_gender: string | null;
  poster_age_id: number | null;
  poster_area_id: number | null;
  poster_expert: boolean | null;
}
export type TopicWithPoster = TopicRow & PosterColumns & { thread_user_id: string | null };

/** A keyset position: the (created_at, id) of the last row of a page, newest first. */
export interface Cursor {
  at: Date;
  id: string;
}
