import { sql, type Kysely } from 'kysely';

/**
 * One row per call, and one hold per account (the parent account: characters share it) on the
 * call they are in, so "one call per user across characters and devices" is a primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calls')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('room_type_id', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'text')
    .addColumn('caller_id', 'text', (c) => c.notNull())
    .addColumn('callee_id', 'text', (c) => c.notNull())
    .addColumn('caller_account', 'text', (c) => c.notNull())
    .addColumn('callee_account', 'text', (c) => c.notNull())
    .addColumn('caller_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('callee_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('relay_only', 'boolean', (c) => c.notNull())
    .addColumn('call_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_call_price', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('payer_id', 'text')
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('end_cause', 'text')
    .addColumn('ended_by', 'text')
    .addColumn('caller_media', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('callee_media', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('caller_seen_at', 'timestamptz')
    .addColumn('callee_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addColumn('connected_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('deadline', 'timestamptz')
    .execute();
  await db.schema.createIndex('calls_room').on('calls').columns(['room_id', 'created_at']).execute();
  await sql`CREATE INDEX calls_due ON calls (deadline) WHERE deadline IS NOT NULL`.execute(db);

  await db.schema
    .createTable('call_holds')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('call_id', 'uuid', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('call_holds_call').on('call_holds').column('call_id').execute();

  // user → parent account (email_id), from accounts' events.
  await db.schema
    .createTable('call_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_accounts').execute();
  await db.schema.dropTable('call_holds').execute();
  await db.schema.dropTable('calls').execute();
}
