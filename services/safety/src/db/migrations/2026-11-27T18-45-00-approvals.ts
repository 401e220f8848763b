import { sql, type Kysely } from 'kysely';

/**
 * Actions that need a second operator (ADR 0030): any ban and a refund above the threshold wait
 * here until a different operator approves or rejects them. One pending request per report and
 * action (refunds) or per subject and action (bans), so a double click asks once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('approvals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('report_id', 'text')
    .addColumn('amount', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await sql`create unique index approvals_one_pending on approvals (action, coalesce(report_id, ''), coalesce(subject_id, '')) where state = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('approvals_state').on('approvals').columns(['state', 'requested_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approvals').execute();
}
