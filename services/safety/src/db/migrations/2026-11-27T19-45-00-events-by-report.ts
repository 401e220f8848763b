import { sql, type Kysely } from 'kysely';

/**
 * The first action on each report (the statistics' time to first action, every 30 s and on the
 * console's page) is looked up by report: without this, each report scanned every event, and at
 * 100,000 reports and 1,000,000 events one round of the statistics ran for minutes (bench:safety:queue).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index moderation_events_report on moderation_events (report_id, created_at) where report_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index moderation_events_report`.execute(db);
}
