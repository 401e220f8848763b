import type { Kysely } from 'kysely';

/**
 * A block of a room's partner, from inside that room (ADR 0020): the way to block someone anonymous,
 * whose person cannot be named. It acts in its room only; a block of a named person (`blocks`) no
 * longer reaches rooms where either side is anonymous. One row per room and blocker while it holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('room_blocks')
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('blocker_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_blocks_pk', ['room_id', 'blocker_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('room_blocks').execute();
}
