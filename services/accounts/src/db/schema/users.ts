import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';

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
  blood_settings: ColumnType<BloodSettingsValue | null, string | null | undefined, string | null>;
  /** Comma-separated interest tags, as the spec's userCharacterSettings.value. */
  character_tags: string | null;
  /** Forbidden matters (ban list), ≤100. */
  input_word: string | null;
  /** Self PR, ≤500. */
  input_detail: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  avatar_register_info: ColumnType<unknown, string | null | undefined, string | null>;
  call_volume: ColumnType<number, number | undefined, number>;
  chat_volume: ColumnType<number, number | undefined, number>;
  voice_call: ColumnType<boolean, boolean | undefined, boolean>;
  call_ringtone: ColumnType<boolean, boolean | undefined, boolean>;
  message_ringtone: ColumnType<boolean, boolean | undefined, boolean>;
  /** 1 for the parent account, 2–3 for its characters. */
  character_no: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BloodSettingsValue {
  bloodType: string | null;
  personality: string | null;
  sociability: number | null;
  degree: number | null;
  expression: number | null;
  aggression: number | null;
  fashion: number | null;
}

export type User = Selectable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
