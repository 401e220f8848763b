import type { ColumnType, Generated, Selectable } from 'kysely';

/** One signed-in device. A user has at most one live session (spec: one device per user). */
export interface SessionTable {
  id: Generated<string>;
  user_id: string;
  device_id: string;
  device_type: string | null;
  fcm_token: string | null;
  voip_token: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export type Session = Selectable<SessionTable>;
