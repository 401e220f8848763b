import type { Kysely } from 'kysely';

/** Bonuses paid in a room (each keys its own ledger transfer: bonus:<room>:<n>). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rooms')
    .addColumn('bonus_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rooms').dropColumn('bonus_count').execute();
}
