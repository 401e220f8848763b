// Expiry of chat messages (issue 30, ADR 0035): BENCH_MESSAGES (1,000,000) messages expiring over
// BENCH_HOURS (24) hours, expired two ways on real PostgreSQL, one after the other in one run, each
// in a schema of its own migrated like chat's:
//   rows       — before ADR 0035: one unpartitioned table, deleted 500 rows a statement with the
//                purge's old statement (the rows it returned were announced), then the VACUUM those
//                deletes leave to autovacuum, timed apart;
//   partitions — now: a partition per hour of expiry, every expired row read once by the purge's
//                announcement pages (expiredPage, 500 a page), then each hour dropped (dropPartition).
// For each: wall time and the CPU the PostgreSQL server spent (its processes, read from /proc:
// lib/postgres-cpu.ts; so the server must run on this machine), and the table's size before and after.
import { performance } from 'node:perf_hooks';

import { HOUR_MS, createPartition, dropPartition, expiredPage, migrations, partitionName } from '@honne/chat';
import { dropSchema, migrateToLatest, openDatabase, type Database } from '@honne/service-kit';
import { sql, type Kysely } from 'kysely';

import { postgresCpu } from './lib/postgres-cpu.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('bench:chat:expiry needs DATABASE_URL (real PostgreSQL on this machine)');
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const BATCH = 500;
const PARTITIONED_BY = '2026-11-27T22-08-24-partition-messages';

// Any Kysely works here: the statements are raw or chat's own repository functions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const t0 = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
const after = new Date(t0.getTime() + (HOURS + 1) * HOUR_MS);

interface Phase {
  ms: number;
  pgCpuMs: number | undefined;
}

async function timed(cpu: (() => number) | undefined, fn: () => Promise<unknown>): Promise<Phase> {
  const c0 = cpu?.();
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  return { ms: Math.round(ms), pgCpuMs: cpu && c0 !== undefined ? Math.round((cpu() - c0) / 1000) : undefined };
}

/** MESSAGES rows, their expiries spread evenly over HOURS hours from t0, 5,000 rooms, 10,000 people. */
async function fill(db: AnyDb): Promise<void> {
  const chunk = 100_000;
  for (let from = 1; from <= MESSAGES; from += chunk) {
    const to = Math.min(MESSAGES, from + chunk - 1);
    await sql`
      insert into messages (id, room_id, sender_id, receiver_id, message_type_id, data, created_at, expire_at)
      select gen_random_uuid(),
        ('00000000-0000-4000-8000-' || lpad(to_hex(i % 5000), 12, '0'))::uuid,
        'u' || (i % 10000), 'u' || ((i + 1) % 10000), 1, repeat('あ', 40),
        ${t0}::timestamptz - interval '1 hour',
        ${t0}::timestamptz + (${HOURS * 3600}::float8 * i / ${MESSAGES + 1}) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as i`.execute(db);
  }
  await sql`analyze messages`.execute(db);
}

const sizeMb = async (db: AnyDb) => {
  const { rows } = await sql<{ bytes: string }>`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
    where c.oid = 'messages'::regclass or c.oid in (select inhrelid from pg_inherits where inhparent = 'messages'::regclass)`.execute(
    db,
  );
  return Math.round(Number(rows[0]!.bytes) / 1e5) / 10;
};

async function withSchema<T>(name: string, fn: (database: Database<unknown>) => Promise<T>): Promise<T> {
  const database = await openDatabase<unknown>({ databaseUrl: DATABASE_URL, dataDir: '', schema: name });
  try {
    return await fn(database);
  } finally {
    await dropSchema(database);
    await database.close();
  }
}

async function rows(cpu: (() => number) | undefined) {
  return withSchema(`bench_expiry_rows_${process.pid}`, async (database) => {
    const before = Object.fromEntries(Object.entries(migrations.migrations).filter(([n]) => n < PARTITIONED_BY));
    await migrateToLatest(database, before, migrations.renamed);
    const db = database.db as AnyDb;
    await fill(db);
    const mbBefore = await sizeMb(db);
    let deleted = 0;
    const expire = await timed(cpu, async () => {
      for (;;) {
        // The purge's statement before ADR 0035 (jobs/purge.ts, deleteExpiredBatch).
        const { rows: gone } = await sql`
          delete from messages where seq in (
            select e.seq from messages e where e.expire_at <= ${after} limit ${BATCH} for update skip locked
          ) returning id, room_id, sender_id, receiver_id, refused, expire_at`.execute(db);
        deleted += gone.length;
        if (gone.length < BATCH) break;
      }
    });
    const mbDeleted = await sizeMb(db);
    const vacuum = await timed(cpu, () => sql`vacuum messages`.execute(db));
    return { method: 'rows', deleted, expire, vacuum, mbBefore, mbDeleted, mbAfter: await sizeMb(db) };
  });
}

async function partitions(cpu: (() => number) | undefined) {
  return withSchema(`bench_expiry_parts_${process.pid}`, async (database) => {
    await migrateToLatest(database, migrations.migrations, migrations.renamed);
    const db = database.db as AnyDb;
    const hours = Array.from({ length: HOURS + 1 }, (_, i) => new Date(t0.getTime() + i * HOUR_MS));
    for (const hour of hours) await createPartition(db, partitionName(hour), hour, new Date(hour.getTime() + HOUR_MS));
    await fill(db);
    const mbBefore = await sizeMb(db);
    let announced = 0;
    const announce = await timed(cpu, async () => {
      let last: Awaited<ReturnType<typeof expiredPage>>[number] | undefined;
      for (;;) {
        const page = await expiredPage(db, new Date(0), after, last, BATCH);
        announced += page.length;
        last = page.at(-1);
        if (page.length < BATCH) break;
      }
    });
    const drop = await timed(cpu, async () => {
      for (const hour of hours) await dropPartition(db, partitionName(hour));
    });
    return { method: 'partitions', announced, announce, drop, mbBefore, mbAfter: await sizeMb(db) };
  });
}

const cpu = await postgresCpu(DATABASE_URL);
if (!cpu) console.warn('PostgreSQL is not a process on this machine: its CPU is not measured');
console.log(`expiry of ${MESSAGES.toLocaleString('en')} messages over ${HOURS} h, batches of ${BATCH}`);
const r = await rows(cpu);
console.log(JSON.stringify(r));
const p = await partitions(cpu);
console.log(JSON.stringify(p));
const fmt = (x: Phase) => `${x.ms} ms, PostgreSQL CPU ${x.pgCpuMs ?? '?'} ms`;
console.log(`rows:       delete ${fmt(r.expire)}; then vacuum ${fmt(r.vacuum)} (${r.mbBefore} MB → ${r.mbAfter} MB)`);
console.log(`partitions: announce read ${fmt(p.announce)}; drop ${fmt(p.drop)} (${p.mbBefore} MB → ${p.mbAfter} MB)`);
process.exit(0);
