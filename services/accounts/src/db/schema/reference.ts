import type { ColumnType, Generated, Selectable } from 'kysely';

export interface NamedTable {
  id: number;
  name: string;
}

export interface ImageTable {
  id: Generated<string>;
  user_id: string;
  content_type: string;
  /** The JPEG; empty when it is an object in the store (S3_URL), key `images/<id>`. */
  bytes: Buffer;
  width: number;
  height: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Password-reset and phone codes: one live code per purpose and subject (e-mail or phone). */
export interface OneTimeCodeTable {
  id: Generated<string>;
  purpose: 'reset' | 'otp';
  subject: string;
  code_hash: string;
  expires_at: Date;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type OneTimeCode = Selectable<OneTimeCodeTable>;

export interface FriendTable {
  id: Generated<string>;
  user_id: string;
  friend_id: string;
  room_id: string | null;
  topic_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface FriendRequestTable {
  id: Generated<string>;
  from_id: string;
  to_id: string;
  room_id: string | null;
  topic_id: string | null;
  created_at: Date;
}

export interface BlockTable {
  id: Generated<string>;
  blocker_id: string;
  blocked_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface UserReportTable {
  id: Generated<string>;
  reporter_id: string;
  reported_id: string;
  report: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
