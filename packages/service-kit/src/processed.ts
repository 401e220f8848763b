import { sql, type Generated, type Kysely } from 'kysely';

/**
 * Which durable events each consumer has handled, by event id (the outbox's id, carried as the
 * `Honne-Event-Id` header): an event delivered again — a redelivery whose ack was lost, or a relay
 * that republished it after JetStream's 2-minute duplicate window — is acked without running its
 * handler a second time. The handlers were already written to set a state rather than add one;
 * this makes "exactly once in effect" hold for any future handler too.
 *
 * The mark is written after the handler succeeded and before the ack: a crash between the two
 * runs the (idempotent) handler again, never skips it. Marks are kept 8 days, one more than the
 * streams keep events: `pruneDeliveryTables` (prune.ts) removes older ones, run with the outbox relay.
 */
export interface ProcessedEvents {
  seen(consumer: string, eventId: string): Promise<boolean>;
  mark(consumer: string, eventId: string): Promise<void>;
}

/** Migration of each service that consumes durable events (chat, topics, points, calls). */
export async function createProcessedEventsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('processed_events')
    .ifNotExists()
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
    .execute();
  await db.schema
    .createIndex('processed_events_at')
    .ifNotExists()
    .on('processed_events')
    .column('processed_at')
    .execute();
}

interface ProcessedEventsDb {
  processed_events: { consumer: string; event_id: string; processed_at: Generated<Date> };
}

/** Databases without the table (a service that consumes no durable event never made it): no marks. */
const withoutTable = new WeakSet<object>();
export const isMissingTable = (err: unknown) => (err as { code?: string }).code === '42P01';

/** The processed-events table of a service's database (any schema that ran KIT_MIGRATIONS). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function processedEvents(anyDb: Kysely<any>): ProcessedEvents {
  const db = anyDb as Kysely<ProcessedEventsDb>;
  return {
    async seen(consumer, eventId) {
      if (withoutTable.has(anyDb)) return false;
      try {
        const row = await db
          .selectFrom('processed_events')
          .select('event_id')
          .where('consumer', '=', consumer)
          .where('event_id', '=', eventId)
          .executeTakeFirst();
        return row !== undefined;
      } catch (err) {
        if (!isMissingTable(err)) throw err;
        withoutTable.add(anyDb);
        return false;
      }
    },
    async mark(consumer, eventId) {
      if (withoutTable.has(anyDb)) return;
      await db
        .insertInto('processed_events')
        .values({ consumer, event_id: eventId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}
