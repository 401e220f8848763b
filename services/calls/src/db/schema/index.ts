import type { ColumnType } from 'kysely';

/** Facts about this service's data (seed versions); the feature tables arrive with their issues. */
export interface ServiceMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface CallsDb {
  service_meta: ServiceMetaTable;
}
