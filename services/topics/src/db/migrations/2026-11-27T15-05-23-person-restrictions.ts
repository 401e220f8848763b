import { createRestrictionsTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/**
 * Moderation, enforced here (issue 27): the restrictions on people (a suspended or banned person's
 * voices are gone for others, a muted one cannot post) and the voices an operator hid, one row per
 * voice with the time of the latest decision (a late `hidden:false` never shows a voice hidden after it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRestrictionsTable(db);
  await db.schema
    .createTable('moderated_voices')
    .addColumn('topic_id', 'uuid', (c) => c.primaryKey())
    .addColumn('hidden', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderated_voices').execute();
  await db.schema.dropTable('person_restrictions').execute();
}
