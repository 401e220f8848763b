import type { Kysely } from 'kysely';

/**
 * Rejoining a connected call's media (a reload, or a peer connection that failed): `media_epoch`
 * counts the peer-to-peer media sessions of the call (both sides rebuild theirs when it moves, and
 * signals of an older session are dropped); `rejoin_at` is when a side's media went down while
 * connected (the call ends as a dropped line if it is not back within CALL_TIMERS.rejoinMs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('media_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejoin_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('media_epoch').dropColumn('rejoin_at').execute();
}
