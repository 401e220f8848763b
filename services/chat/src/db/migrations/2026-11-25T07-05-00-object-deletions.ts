import { createObjectDeletions, dropObjectDeletions } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/**
 * With S3_URL an image's bytes are an object and its row keeps none: deleting the row (expiry, a
 * deleted message, room or user) records the object's key, and the sweeper removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createObjectDeletions(db, 'images', 'bytes', 'images/');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropObjectDeletions(db, 'images');
}
