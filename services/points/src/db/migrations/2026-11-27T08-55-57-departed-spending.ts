import type { Kysely } from 'kysely';

/**
 * What a person's deleted characters spent in a month (issue 25): a deleted character's transfers
 * go with it, and with them its part of the person's monthly total, so a minor could delete a
 * character and spend past the cap again. Only the sum per person and month is kept, no entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('departed_spending')
    .addColumn('family_id', 'text', (c) => c.notNull())
    /** The month's start in Japan (jstMonthStart). */
    .addColumn('month_start', 'timestamptz', (c) => c.notNull())
    .addColumn('spent', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('departed_spending_pk', ['family_id', 'month_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('departed_spending').execute();
}
