import { sql, type Kysely } from 'kysely';

/**
 * Every checkout event the payment provider delivered, by its event id (issue 25): an event id
 * delivered again with other bytes is recognised, and an event that could not be credited (a buyer
 * who is no user of ours) is kept with its body for operators to resolve, not only logged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('purchase_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('pack', 'text')
    /** sha256 of the exact bytes the provider signed. */
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** 'received' (being credited), 'credited', 'duplicate_session', 'unresolved'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index purchase_events_status on purchase_events (status, received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('purchase_events').execute();
}
