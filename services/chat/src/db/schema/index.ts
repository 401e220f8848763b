import type {
  AgePolicyTable,
  AgeStateTable,
  ServiceMetaTable,
  BlockTable as KitBlockTable,
  ObjectDeletionsTable,
  OutboxTable,
  UserRestrictionTable,
} from '@honne/service-kit';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Facts about this service's data (seed versions). */
/** Read model of accounts.user.profile_updated. */
export interface UserCardTable {
  user_id: string;
  user_name: string | null;
  profile_image: string | null;
  gender: string | null;
  age_id: number | null;
  area_id: number | null;
  updated_at: Timestamp;
}

/** Read model of accounts.user.settings_updated (retention in minutes). */
export interface UserSettingsTable {
  user_id: string;
  saved_message_time: number;
  updated_at: Timestamp;
}

/** Blocks: the kit's read model (`BlockTable` of @honne/service-kit). */

/** Both directions of a friendship are stored, so either id finds it. */
export interface FriendTable {
  user_id: string;
  friend_id: string;
  friend: boolean;
  updated_at: Timestamp;
}

export interface RoomTable {
  id: string;
  pair_key: string;
  room_type_id: number;
  topic_id: string | null;
  topic_title: string | null;
  topic_owner_id: string | null;
  topic_anonymous: Generated<boolean>;
  topic_callable: Generated<boolean>;
  chat_price: Generated<number>;
  call_price: Generated<number>;
  topic_expire_at: Timestamp | null;
  opener_id: string;
  user1_id: string;
  user2_id: string;
  user1_anonymous: boolean;
  user2_anonymous: boolean;
  price_confirmed_at: Timestamp | null;
  bonus: Generated<boolean>;
  paid: Generated<boolean>;
  bonus_count: Generated<number>;
  is_replied: Generated<boolean>;
  rated_by: ColumnType<string[], string[] | undefined, string[]>;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type RoomRow = Selectable<RoomTable>;

/** A person's card as a room shows it (the read model without its bookkeeping). */
export type CardRow = Omit<Selectable<UserCardTable>, 'updated_at'>;

export interface MessageTable {
  seq: ColumnType<string, never, never>;
  id: string;
  room_id: string;
  sender_id: string;
  receiver_id: string;
  message_type_id: number;
  data: string;
  width: number | null;
  height: number | null;
  stamp_id: number | null;
  is_sound: Generated<boolean>;
  sound_tab: number | null;
  sound_item: number | null;
  is_voice: Generated<boolean>;
  image_id: string | null;
  refused: Generated<boolean>;
  /** Held by the filter for a moderator (refused too, until released). */
  held: Generated<boolean>;
  is_read: Generated<boolean>;
  client_id: string | null;
  created_at: Timestamp;
  expire_at: Timestamp;
}
export type MessageRow = Selectable<MessageTable>;

export interface ImageTable {
  id: string;
  room_id: string;
  uploader_id: string;
  /** The JPEG; empty when it is an object in the store (S3_URL), key `images/<id>`. */
  bytes: Buffer;
  width: number;
  height: number;
  created_at: Timestamp;
  expire_at: Timestamp;
}

export interface RoomReportTable {
  id: string;
  room_id: string;
  reporter_id: string;
  reported_id: string;
  type: number;
  content: string;
  created_at: Timestamp;
}

export interface RoomRatingTable {
  room_id: string;
  rater_id: string;
  rated_id: string;
  type: number;
  star: number;
  updated_at: Timestamp;
}

/** A block of a room's partner from inside the room (ADR 0020); the row exists while it holds. */
export interface RoomBlockTable {
  room_id: string;
  blocker_id: string;
  created_at: Date;
}

export interface ChatDb {
  service_meta: ServiceMetaTable;
  user_cards: UserCardTable;
  user_settings: UserSettingsTable;
  blocks: KitBlockTable;
  friends: FriendTable;
  rooms: RoomTable;
  room_blocks: RoomBlockTable;
  messages: MessageTable;
  message_client_ids: MessageClientIdTable;
  message_expiry_state: MessageExpiryStateTable;
  images: ImageTable;
  room_reports: RoomReportTable;
  room_ratings: RoomRatingTable;
  outbox: OutboxTable;
  object_deletions: ObjectDeletionsTable;
  paid_openings: PaidOpeningTable;
  person_restrictions: UserRestrictionTable;
  person_age_states: AgeStateTable;
  age_policy: AgePolicyTable;
}

/** A paid chat being opened: charged or about to be, its room not created yet (db/repos/openings.ts). */
export interface PaidOpeningTable {
  room_id: string;
  /** JSON of `PaidOpeningPlan` (db/repos/openings.ts). */
  plan: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date, Date>;
}

/** A resend's dedupe: the message a sender's client_id was first stored as (ADR 0035). */
export interface MessageClientIdTable {
  sender_id: string;
  client_id: string;
  message_id: string;
  expire_at: ColumnType<Date, Date | string, Date | string>;
}

/** One row: up to where (by expiry) expired messages were announced; partitions go only after it. */
export interface MessageExpiryStateTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  announced_until: ColumnType<Date, Date, Date>;
}
