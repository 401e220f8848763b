import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UserTable {
  id: Generated<string>;
  /** Stored normalised (trimmed, lower case); unique. */
  email: string;
  /** The parent account's e-mail; characters of one account share it (spec §3). */
  email_id: string;
  password_hash: string;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  is_infomation: ColumnType<number, number | undefined, number>;
  is_first_login: ColumnType<number, number | undefined, number>;
  is_approval: ColumnType<number, number | undefined, number>;
  user_name: string | null;
  profile_image: string | null;
  gender: string | null;
  age_id: number | null;
  area_id: number | null;
  saved_message_time: ColumnType<number, number | undefined, number>;
  sound_settings: ColumnType<{ setting1: number; setting2: number; setting3: number }, string | undefined, string>;
  max_point_for_chatting: ColumnType<number, number | undefined, number>;
  max_point_for_a_call: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
