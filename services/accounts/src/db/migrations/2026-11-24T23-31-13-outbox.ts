import { createOutboxTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/**
 * Accounts' outbox (issue 12): the facts other services enforce — blocks, friendships, deletions —
 * are written in the same transaction as the change and relayed after, so none is lost between the
 * commit and the publish.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
