// Ledger transfers on real PostgreSQL (issue 15): transfers/s and latency with 50 concurrent payers
// spread over distinct accounts, and with all 50 paying into one hot account (row locks queue),
// each next to the floor, the same round trips and row locks issued with raw `pg` and none of our
// code. PostgreSQL's own time per transfer is the CPU the processes of this PostgreSQL spent (its
// backends and background workers, found in pg_stat_activity; read from /proc), divided by the
// transfers: other clusters on the machine are not counted. After each run the books are checked: the sum of all accounts is 0, no balance is
// negative, one transfer row per accepted transfer.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

import { createService, HOUSE, ledgerRules, loadConfig, sumOfAllAccounts, transfer } from '@honne/points';
import pg from 'pg';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('bench:ledger needs DATABASE_URL (real PostgreSQL)');
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;
const PAYERS = Number(process.env.BENCH_PAYERS ?? 50);
// The services' pool size (service-kit db.ts), for the floor too: the same connections queue alike.
const POOL = 10;

/** The processes of the PostgreSQL this bench talks to (backends and its background workers), not other clusters on the machine. */
async function clusterPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU seconds each of these processes has used so far. */
function cpuOf(pids: readonly number[]): Map<number, number> {
  const tick = 100; // USER_HZ on Linux
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

interface Run {
  transfers: number;
  refused: number;
  perSecond: number;
  p50: number;
  p99: number;
  pgCpuMsPerTransfer: number;
  nodeCpuMsPerTransfer: number;
}

/** PAYERS workers calling `once(worker, i)` back to back for DURATION_MS. */
async function drive(once: (worker: number, i: number) => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let refused = 0;
  const pgBefore = cpuOf(await clusterPids());
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: PAYERS }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const t = performance.now();
        if (await once(worker, i)) latencies.push(performance.now() - t);
        else refused += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeBefore);
  // Backends the pool opened during the run count whole; those there before, what they added.
  const pgAfter = cpuOf(await clusterPids());
  const pgCpu = [...pgAfter].reduce((sum, [pid, cpu]) => sum + cpu - (pgBefore.get(pid) ?? 0), 0);
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(2));
  const n = latencies.length;
  return {
    transfers: n,
    refused,
    perSecond: Math.round(n / seconds),
    p50: q(0.5),
    p99: q(0.99),
    pgCpuMsPerTransfer: Number(((pgCpu * 1000) / Math.max(1, n)).toFixed(3)),
    nodeCpuMsPerTransfer: Number(((node.user + node.system) / 1000 / Math.max(1, n)).toFixed(3)),
  };
}

/** The checkout's commit (and whether it has changes), or null outside git. */
function commitOf(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return null;
  }
}

const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
const points = await createService({ ...loadConfig({ ...process.env, DATABASE_URL }), logLevel: 'warn' } as never, {
  schema,
  migrate: true,
});
const db = points.ctx.db;
// The rules the service runs with: the lot policy and the monthly caps of minors (a query per spend).
const rules = ledgerRules(points.ctx.config);
const floor = new pg.Pool({ connectionString: DATABASE_URL, max: POOL });
const floorSchema = `${schema}_floor`;
const tag = randomBytes(3).toString('hex');
const now = () => new Date();
const payer = (w: number) => `bench-${tag}-payer-${w}`;
const payee = (w: number) => `bench-${tag}-payee-${w}`;
const HOT = `bench-${tag}-hot`;

try {
  // Seed: every payer holds plenty (operator grants, as the ledger issues them).
  for (let w = 0; w < PAYERS; w++) {
    const r = await transfer(
      db,
      { idempotencyKey: `seed:${payer(w)}`, kind: 'grant', from: HOUSE.issued, to: payer(w), amount: 10_000_000 },
      now(),
      rules,
    );
    if (r.status !== 'done') throw new Error('seed failed');
  }
  // The floor's tables: an account row per user and an append-only transfer table with a unique key.
  await floor.query(`create schema ${floorSchema}`);
  await floor.query(`create table ${floorSchema}.accounts (user_id text primary key, balance bigint not null)`);
  await floor.query(
    `create table ${floorSchema}.transfers (id bigserial primary key, key text unique not null, debit text not null, credit text not null, amount int not null, at timestamptz not null)`,
  );
  const users = [...Array.from({ length: PAYERS }, (_, w) => [payer(w), payee(w)]).flat(), HOT];
  await floor.query(
    `insert into ${floorSchema}.accounts select u, case when u like '%payer%' then 10000000 else 0 end from unnest($1::text[]) u`,
    [users],
  );

  const ours = (to: (w: number) => string, label: string) => (w: number, i: number) =>
    transfer(
      db,
      { idempotencyKey: `${label}:${w}:${i}`, kind: 'gift', from: payer(w), to: to(w), amount: 100 },
      now(),
      rules,
    ).then((r) => r.status === 'done');
  // The same hops as the ledger's transfer: begin, insert the key, make sure both accounts exist,
  // lock both rows in order, read the payer's lots, debit, credit, commit — 8 round trips.
  const bare = (to: (w: number) => string, label: string) => async (w: number, i: number) => {
    const c = await floor.connect();
    try {
      const [from, dest] = [payer(w), to(w)];
      await c.query('begin');
      await c.query(
        `insert into ${floorSchema}.transfers (key, debit, credit, amount, at) values ($1, $2, $3, 100, now()) on conflict (key) do nothing returning id`,
        [`${label}:${w}:${i}`, from, dest],
      );
      await c.query(`insert into ${floorSchema}.accounts values ($1, 0), ($2, 0) on conflict do nothing`, [from, dest]);
      const locked = await c.query(
        `select user_id, balance from ${floorSchema}.accounts where user_id = any($1) order by user_id for update`,
        [[from, dest]],
      );
      await c.query(`select 1 from ${floorSchema}.transfers where key = $1 and amount < 0`, [from]);
      if (Number(locked.rows.find((r: { user_id: string }) => r.user_id === from).balance) < 100) {
        await c.query('rollback');
        return false;
      }
      await c.query(`update ${floorSchema}.accounts set balance = balance - 100 where user_id = $1`, [from]);
      await c.query(`update ${floorSchema}.accounts set balance = balance + 100 where user_id = $1`, [dest]);
      await c.query('commit');
      return true;
    } finally {
      c.release();
    }
  };

  const results: Record<string, Run> = {};
  // Alternating, floor first, so a burst of other work on the machine lands on both alike.
  results['floor, spread'] = await drive(bare(payee, 'fs'));
  results['ours, spread'] = await drive(ours(payee, 'os'));
  results['floor, one hot account'] = await drive(bare(() => HOT, 'fh'));
  results['ours, one hot account'] = await drive(ours(() => HOT, 'oh'));

  // The books after everything: nothing created or lost, nothing negative, one row per transfer.
  const sum = await sumOfAllAccounts(db);
  const negative = await db
    .selectFrom('accounts')
    .select('user_id')
    .where('balance', '<', 0)
    // The house's issuing account is the ledger's other side: it is negative by design.
    .where('user_id', 'not like', 'house:%')
    .execute();
  const rows = Number(
    (
      await db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'gift')
        .executeTakeFirstOrThrow()
    ).n,
  );
  const accepted = results['ours, spread']!.transfers + results['ours, one hot account']!.transfers;
  const books = {
    sumOfAllAccounts: sum,
    negativeBalances: negative.length,
    giftRows: rows,
    acceptedGifts: accepted,
    exact: sum === 0 && negative.length === 0 && rows === accepted,
  };

  console.log(
    JSON.stringify(
      {
        at: new Date().toISOString(),
        // Which ledger was measured: before/after are the same bench run from two checkouts.
        commit: commitOf(),
        load: os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
        payers: PAYERS,
        pool: POOL,
        durationS: DURATION_MS / 1000,
        results,
        books,
      },
      null,
      2,
    ),
  );
  if (!books.exact) process.exitCode = 1;
} finally {
  await floor.query(`drop schema if exists ${floorSchema} cascade`).catch(() => undefined);
  await floor.end();
  await db.schema
    .dropSchema(schema)
    .cascade()
    .execute()
    .catch(() => undefined);
  await points.close();
}
