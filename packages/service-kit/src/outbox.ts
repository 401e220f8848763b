import type { EventDef, EventPayload } from '@honne/contracts/events';
import { sql, type Kysely } from 'kysely';

import type { Bus } from './bus.ts';
import type { Clock } from './clock.ts';
import { every, type PeriodicJob } from './jobs.ts';
import type { Logger } from './logger.ts';
import { deliveryPruner, type PruneOptions } from './prune.ts';
import { traceparent, withTraceparent } from './tracing.ts';

/**
 * A transactional outbox: a service writes the event in the same transaction as the fact it
 * reports (a ledger entry, a room), and the relay publishes it afterwards. A crash between the two
 * leaves the row, so the event still goes out; a crash after publishing and before marking it
 * sends it again, so consumers dedupe by `event_id` (at-least-once plus an idempotent consumer is
 * exactly-once in effect). Each service keeps its own `outbox` table in its own schema.
 */
export interface OutboxTable {
  id: number;
  event_id: string;
  subject: string;
  payload: unknown;
  /** The `traceparent` of the write that queued it (tracing on), so its publish joins that trace. */
  trace: string | null;
  created_at: Date;
  published_at: Date | null;
}

export interface OutboxDb {
  outbox: OutboxTable;
}

/**
 * Any service's database or transaction: its own tables plus `outbox`. (A `Kysely<PointsDb>` is not
 * assignable to `Kysely<OutboxDb>`, as kysely's types are invariant in the schema.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyDb = Kysely<any>;

/** For a service's migration: the table and its pending-rows index. */
export async function createOutboxTable(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .execute();
  await sql`create index outbox_pending on outbox (id) where published_at is null`.execute(db);
}

/** A later migration of each service with an outbox: the trace column (ADR 0029). */
export async function addOutboxTraceColumn(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('trace', 'text').execute();
}

/**
 * Adds an event to the outbox inside the caller's transaction. The same `eventId` twice is one
 * row: a retried business write cannot queue its event twice.
 */
export async function enqueueEvent<E extends EventDef>(
  trx: AnyDb,
  def: E,
  eventId: string,
  payload: EventPayload<E>,
  now: Date,
): Promise<void> {
  await (trx as Kysely<OutboxDb>)
    .insertInto('outbox')
    .values({
      event_id: eventId,
      subject: def.subject,
      payload: JSON.stringify(payload),
      trace: traceparent() ?? null,
      created_at: now,
    } as never)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/**
 * Publishes pending rows in order and marks them. Only subjects in `defs` are relayed (their
 * schema checks the payload on publish); one unknown subject is logged and left for a later
 * version. Rows are claimed with SKIP LOCKED so two instances never publish the same batch at once.
 * Returns how many it published.
 */
export async function relayOutbox(
  db: AnyDb,
  bus: Bus,
  defs: readonly EventDef[],
  log: Logger,
  now: () => Date,
  batch = 100,
): Promise<number> {
  const bySubject = new Map(defs.map((d) => [d.subject, d]));
  return (db as Kysely<OutboxDb>).transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('outbox')
      .select(['id', 'event_id', 'subject', 'payload', 'trace'])
      .where('published_at', 'is', null)
      .orderBy('id')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    const sent: number[] = [];
    for (const row of rows) {
      const def = bySubject.get(row.subject);
      if (!def) {
        log.warn({ subject: row.subject, id: row.id }, 'outbox row for a subject this relay does not know');
        continue;
      }
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      // The event id travels as the message id: a durable subject stores a republished row once.
      await withTraceparent(row.trace, () =>
        bus.publish(def, payload as EventPayload<typeof def>, { id: row.event_id }),
      );
      sent.push(Number(row.id));
    }
    if (sent.length > 0) {
      // NATS: the rows are marked only once the server has them. In-process there is no server, and
      // flushing would wait for every handler running — the relay's own caller too, when a bus
      // handler relays what it queued (topics on a deleted user): it would wait for itself.
      if (bus.kind === 'nats') await bus.flush();
      await trx.updateTable('outbox').set({ published_at: now() }).where('id', 'in', sent).execute();
    }
    return sent.length;
  });
}

/**
 * A service's relay: `now()` right after a write commits (so the event goes out at once) and a job
 * every second (so a crash, or a NATS outage, between commit and publish only delays it). A failed
 * round leaves its rows for the next. `defs`: the subjects this service's outbox may carry. The job
 * also prunes the outbox and processed-event marks every hour (`pruneDeliveryTables`, one instance
 * at a time; `keep` sets how long), so every service with an outbox keeps them bounded.
 */
export function outboxRelay(
  ctx: { db: AnyDb; bus: Bus; log: Logger; clock: Clock },
  defs: readonly EventDef[],
  keep: PruneOptions = {},
): { now(): Promise<void>; job(): PeriodicJob } {
  const now = async () => {
    try {
      await relayOutbox(ctx.db, ctx.bus, defs, ctx.log, () => ctx.clock.now());
    } catch (err) {
      ctx.log.warn({ err }, 'outbox relay failed; the next round retries');
    }
  };
  const job = (): PeriodicJob => {
    const relay = every(1000, 'outbox-relay', ctx.log, now);
    const prune = deliveryPruner(ctx, keep);
    return { stop: () => Promise.all([relay.stop(), prune.stop()]).then(() => undefined) };
  };
  return { now, job };
}
