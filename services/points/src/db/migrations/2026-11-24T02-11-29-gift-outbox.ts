import { createOutboxTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** Events that follow a ledger write (a gift's message in the chat) commit with it, then are relayed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
