import type { Kysely } from 'kysely';

/**
 * A new user charges nothing until an operator sets a rank (issue 15): the columns' default goes
 * from 500/100 to 0. Users who signed up before keep what they have; the service also writes its
 * configured default (DEFAULT_RANK_CHAT / DEFAULT_RANK_CALL) on every insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .alterColumn('max_point_for_chatting', (c) => c.setDefault(0))
    .alterColumn('max_point_for_a_call', (c) => c.setDefault(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .alterColumn('max_point_for_chatting', (c) => c.setDefault(500))
    .alterColumn('max_point_for_a_call', (c) => c.setDefault(100))
    .execute();
}
