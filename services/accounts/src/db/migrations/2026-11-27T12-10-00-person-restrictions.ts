import { createProcessedEventsTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/**
 * The moderation service's restrictions on a person (issue 27), as accounts enforces them: a
 * suspension or ban refuses sign-in to every character. One row per kind; a lift removes them.
 * Accounts now consumes a durable event, so it keeps the consumers' processed-events table too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_restrictions')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('restriction', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('person_restrictions_pk', ['person_id', 'restriction'])
    .execute();
  await createProcessedEventsTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').execute();
  await db.schema.dropTable('person_restrictions').execute();
}
