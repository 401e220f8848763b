import { createOutboxTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** A voice's removal (deleted, replaced, expired) commits with its event, then is relayed (issue 12). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
