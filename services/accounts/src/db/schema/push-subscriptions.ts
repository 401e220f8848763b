import type { ColumnType, Selectable } from 'kysely';

/** A device's web push subscription; its session is the device (one live session per user). */
export interface PushSubscriptionTable {
  session_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  show_text: boolean;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;
