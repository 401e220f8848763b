import { sql, type Kysely } from 'kysely';

import { every, type PeriodicJob } from './jobs.ts';
import type { Logger } from './logger.ts';
import { isMissingTable } from './processed.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database (see outbox.ts)
type AnyDb = Kysely<any>;

/**
 * Runs `fn` only if no other instance (of any process on this database and schema) is running the
 * job `name` now: a session advisory lock on one pinned connection, released when `fn` ends. Answers
 * `undefined` when another instance holds it — the job is skipped this round, not queued, as the
 * holder is doing the same work (`wait`: waits for it instead, for a caller that needs the run).
 * A crash releases the lock with its connection. `fn` runs all its queries on `conn`: on PGlite
 * the one connection is pinned, so the database itself would wait.
 */
export async function exclusively<T>(
  db: AnyDb,
  name: string,
  fn: (conn: AnyDb) => Promise<T>,
  o: { wait?: boolean } = {},
): Promise<T | undefined> {
  return db.connection().execute(async (conn) => {
    // Keyed by schema too: services sharing one database run their own copy of a job side by side.
    const key = sql`hashtext(current_schema() || ':' || ${name})`;
    if (o.wait) await sql`select pg_advisory_lock(${key})`.execute(conn);
    else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
      if (!rows[0]?.locked) return undefined;
    }
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** Published outbox rows are kept this long: past any redelivery or audit of a publish. */
export const OUTBOX_KEEP_DAYS = 7;
/** Processed-event marks: one day more than the streams keep events (a redelivery is always caught). */
export const PROCESSED_EVENTS_KEEP_DAYS = 8;
const PRUNE_BATCH = 1000;
const PRUNE_EVERY_MS = 3600_000;

export interface PruneOptions {
  outboxKeepDays?: number;
  processedKeepDays?: number;
  batch?: number;
}

/** Deletes up to `batch` rows at a time matched by `where` (on the table's key), until fewer come back. */
async function deleteInBatches(db: AnyDb, table: 'outbox' | 'processed_events', cutoff: Date, batch: number) {
  let total = 0;
  for (;;) {
    // Each batch its own statement: no long transaction, no lock on the rows being written now.
    const { rows } =
      table === 'outbox'
        ? await sql<{ n: string }>`with d as (
            delete from outbox where id in (
              select id from outbox where published_at is not null and published_at < ${cutoff}
              order by id limit ${batch}
            ) returning 1
          ) select count(*) as n from d`.execute(db)
        : await sql<{ n: string }>`with d as (
            delete from processed_events where (consumer, event_id) in (
              select consumer, event_id from processed_events where processed_at < ${cutoff} limit ${batch}
            ) returning 1
          ) select count(*) as n from d`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Removes what the delivery tables no longer need: outbox rows published more than `outboxKeepDays`
 * ago (unpublished ones stay, whatever their age: they still have to go out) and processed-event
 * marks older than `processedKeepDays`. In batches, by one instance at a time (`exclusively`); a
 * database without one of the tables (a service that consumes no durable event) skips it.
 * `undefined` when another instance was pruning.
 */
export async function pruneDeliveryTables(
  db: AnyDb,
  now: Date,
  o: PruneOptions = {},
): Promise<{ outbox: number; processed: number } | undefined> {
  const day = 86_400_000;
  const batch = o.batch ?? PRUNE_BATCH;
  return exclusively(db, 'kit:prune-delivery', async (conn) => {
    const counts = { outbox: 0, processed: 0 };
    for (const [key, table, days] of [
      ['outbox', 'outbox', o.outboxKeepDays ?? OUTBOX_KEEP_DAYS],
      ['processed', 'processed_events', o.processedKeepDays ?? PROCESSED_EVENTS_KEEP_DAYS],
    ] as const) {
      try {
        counts[key] = await deleteInBatches(conn, table, new Date(now.getTime() - days * day), batch);
      } catch (err) {
        if (!isMissingTable(err)) throw err;
      }
    }
    return counts;
  });
}

/** `pruneDeliveryTables` every hour; failures are logged and retried next hour. */
export function deliveryPruner(
  ctx: { db: AnyDb; log: Logger; clock: { now(): Date } },
  o: PruneOptions = {},
  intervalMs = PRUNE_EVERY_MS,
): PeriodicJob {
  return every(intervalMs, 'prune-delivery', ctx.log, async () => {
    const pruned = await pruneDeliveryTables(ctx.db, ctx.clock.now(), o);
    if (pruned && pruned.outbox + pruned.processed > 0) ctx.log.info(pruned, 'delivery tables pruned');
  });
}
