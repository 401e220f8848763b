import type { Kysely } from 'kysely';

/**
 * The bill no longer leaves out time the pings call "down" (issue 25: a payer who pinged every
 * 14 s cut the bill while the call stayed connected). The bill is the server's connected time, so
 * the down time the line-gaps migration added is no longer kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('paused_ms').dropColumn('paused_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('paused_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_until', 'timestamptz')
    .execute();
}
