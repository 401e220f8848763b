import { sql, type Kysely } from 'kysely';

/** One voice greeting per user (spec §4 recorder); ≤ 512 kB, so it lives in the row itself. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('greetings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('audio', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('greetings').execute();
}
