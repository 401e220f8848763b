import { sql, type ColumnType, type Kysely } from 'kysely';

/** The first table of calls, chat and topics: small settings kept with the data; health reads it. */
export interface ServiceMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ServiceMetaDb {
  service_meta: ServiceMetaTable;
}

export async function createServiceMetaTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** A health check that proves the schema is migrated and answers. */
export const serviceMetaHealth = <DB>(db: Kysely<DB>) => sql`select key from service_meta limit 1`.execute(db);
