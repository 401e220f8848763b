import { createOutboxTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** A room opened on a voice commits with its event (topics builds both history entries from it), then is relayed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
