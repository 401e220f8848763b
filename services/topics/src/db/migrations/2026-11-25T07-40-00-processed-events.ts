import { createProcessedEventsTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** The durable events this service's consumers handled, by event id: a copy delivered again is skipped. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createProcessedEventsTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').execute();
}
