import { sql, type Kysely } from 'kysely';

/**
 * The spec's client uploads a greeting in seven parts (`PUT /users/audio_record_1` … `_7`): each
 * part waits here until all seven are in, then they are assembled and checked as one upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('greeting_parts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('greeting_parts_pkey', ['user_id', 'part'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('greeting_parts').execute();
}
