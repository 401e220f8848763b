import { sql, type Kysely } from 'kysely';

/**
 * An audit entry recorded from another service's durable event names it (`source_ref`, e.g.
 * `points.grant:<transfer id>`), unique: a redelivered event finds its entry and adds none. Entries
 * safety writes itself leave it null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('source_ref', 'text').execute();
  await sql`create unique index audit_log_source_ref on audit_log (source_ref) where source_ref is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_source_ref`.execute(db);
  await db.schema.alterTable('audit_log').dropColumn('source_ref').execute();
}
