import type { Kysely } from 'kysely';

/**
 * Time a paid call's line was down (a side silent past two missed pings, then back): the bill
 * leaves it out. `paused_until` is the end of the last gap counted, so overlapping silences of the
 * two sides count once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('paused_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('paused_ms').dropColumn('paused_until').execute();
}
