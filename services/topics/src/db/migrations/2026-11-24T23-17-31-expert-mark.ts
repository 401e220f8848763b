import type { Kysely } from 'kysely';

/** The expert mark (an operator approved the user's request), shown on their named voices. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_cards')
    .addColumn('is_expert', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_cards').dropColumn('is_expert').execute();
}
