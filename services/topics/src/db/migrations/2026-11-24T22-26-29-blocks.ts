import { createBlocksTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** The copy of accounts' blocks: voices, reply lists and history hide each side from the other. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createBlocksTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
}
