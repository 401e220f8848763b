import type { Kysely } from 'kysely';

/**
 * A paid call's charging: where the request stands, when charging began (the clock of the
 * per-minute bill, never the pings), how many periods were billed and what they came to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('charging', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('charging_from', 'timestamptz')
    .addColumn('billed_periods', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .dropColumn('charging')
    .dropColumn('charging_from')
    .dropColumn('billed_periods')
    .dropColumn('charged_points')
    .execute();
}
