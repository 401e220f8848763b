import { createOutboxTable, createProcessedEventsTable, createServiceMetaTable } from '@honne/service-kit';
import { sql, type Kysely } from 'kysely';

/**
 * The moderation service's tables (issue 27). Moderation events and the audit log are append-only:
 * no repo updates or deletes them, and a trigger refuses UPDATE, DELETE and TRUNCATE, so not even
 * a slip in code (or an operator with SQL through the app's role) can rewrite history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createServiceMetaTable(db);

  await db.schema
    .createTable('operators')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('operator_id', 'uuid', (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'jsonb', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Accounts' cards, reduced to what moderation needs: which person (parent account) a character
  // belongs to, and the declared age group (10代 raises a report's priority).
  await db.schema
    .createTable('people')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('age_id', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('people_person').on('people').column('person_id').execute();

  await db.schema
    .createTable('subjects')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('subjects_kind_ref', ['kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    // The producer's id for it (`room:<report id>`): a redelivered event files nothing twice.
    .addColumn('source_ref', 'text', (c) => c.notNull().unique())
    .addColumn('subject_id', 'uuid', (c) => c.notNull().references('subjects.id'))
    .addColumn('person_id', 'text')
    .addColumn('reporter_id', 'text')
    .addColumn('room_id', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('assigned_to', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await sql`create index reports_queue on reports (state, priority desc, created_at) where state <> 'closed'`.execute(
    db,
  );
  await db.schema.createIndex('reports_subject').on('reports').columns(['subject_id', 'state']).execute();

  await db.schema
    .createTable('moderation_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('subject_id', 'uuid', (c) => c.notNull().references('subjects.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('policy', 'text')
    .addColumn('severity', 'integer')
    .addColumn('note', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('report_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_events_subject')
    .on('moderation_events')
    .columns(['subject_id', 'seq'])
    .execute();

  await db.schema
    .createTable('evidence')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('report_id', 'uuid', (c) => c.notNull().references('reports.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('captured_at', 'timestamptz', (c) => c.notNull())
    .addColumn('keep_until', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('evidence_report').on('evidence').column('report_id').execute();
  await db.schema.createIndex('evidence_keep_until').on('evidence').column('keep_until').execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('moderation_events.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz')
    .addColumn('appeal_until', 'timestamptz')
    .addColumn('appealed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_person').on('notices').columns(['person_id', 'created_at']).execute();

  await createOutboxTable(db);
  await createProcessedEventsTable(db);

  await sql`
    create function refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only', tg_table_name using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  for (const table of ['audit_log', 'moderation_events']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function refuse_change()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function refuse_change()`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('safety: the moderation history is not dropped by a migration');
}
