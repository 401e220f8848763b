import type { ColumnType } from 'kysely';

/** Facts about this service's data (seed versions); the feature tables arrive with their issues. */
export interface ServiceMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A user's voice greeting (see db/repos/greetings.ts). */
export interface GreetingsTable {
  user_id: string;
  mime_type: string;
  duration_ms: number;
  size: number;
  audio: Uint8Array;
  updated_at: ColumnType<Date, Date, Date>;
}

export interface CallsDb {
  service_meta: ServiceMetaTable;
  greetings: GreetingsTable;
}
