import { createOutboxTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** A call's end commits with its `calls.call.ended` (chat writes the room's call record from it), then is relayed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
