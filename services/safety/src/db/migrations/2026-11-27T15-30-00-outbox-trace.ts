import { addOutboxTraceColumn } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** Tracing on: an event keeps the trace of the write that queued it (ADR 0029). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addOutboxTraceColumn(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('trace').execute();
}
