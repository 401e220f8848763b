import type { Kysely } from 'kysely';

/**
 * Muting abusive reporters (issue 27): the people whose reports no longer raise priority, and on
 * each report whether it raises any (its own priority and the repeat count of others on its subject).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('muted_reporters')
    .addColumn('person_id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('raises_priority', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('raises_priority').execute();
  await db.schema.dropTable('muted_reporters').execute();
}
