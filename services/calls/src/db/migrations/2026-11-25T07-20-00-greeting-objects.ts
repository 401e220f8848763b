import { createObjectKeyDeletions, dropObjectDeletions } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/**
 * With S3_URL a greeting's audio is an object (`object_key`, a new one per upload) and the row
 * keeps no bytes; a replaced or deleted greeting records its old key, and the sweeper removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('greetings').addColumn('object_key', 'text').execute();
  await createObjectKeyDeletions(db, 'greetings', 'object_key');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropObjectDeletions(db, 'greetings');
  await db.schema.alterTable('greetings').dropColumn('object_key').execute();
}
