import type { Kysely } from 'kysely';

/** The most the payer agreed to spend on a paid call (null: no cap), set when approving it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('spend_cap', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('spend_cap').execute();
}
