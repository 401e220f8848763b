// points' GET /points/balance straight at the service (the identity headers the gateway would set),
// for two callers, against the floor (lib/floor-points-server.ts: the same hops, one key read, none of our code):
// - stranger: `bench-user`, who has no account (the caller of gateway-http.ts's balance half);
// - minor: a teen with a second character, purchased lots of which two expire within the reminder
//   window, and spending this month by both characters: every part of the answer has work to do.
// Rounds of autocannon at full speed, each side in turn (the order rotates per round); per side the
// figures that count are medians over rounds, with the CPU per request of the serving process and
// of PostgreSQL (when it runs on this machine: its processes read from /proc).
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import pg from 'pg';

import { startChild, type Child } from './lib/child.ts';
import { load } from './lib/http-load.ts';
import { postgresCpu } from './lib/postgres-cpu.ts';
import { loadBefore } from './lib/load-average.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the floor and the comparison need PostgreSQL');

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
const identity = (userId: string) => ({
  'x-honne-user-id': userId,
  'x-honne-session-id': 'bench-session',
  'x-internal-token': secrets.INTERNAL_TOKEN,
});

/**
 * The points schema as the ledger would leave it: 2,000 other users with a purchased lot, a profile
 * and twenty gifts each (so every read goes by index), and the minor's family. Written as rows
 * rather than through the API so the same fixture serves any version of the service's code.
 */
const seed = (schema: string) => `
  set search_path = ${schema};
  insert into accounts (user_id, balance, purchased, capped, created_at, updated_at)
    select 'bench-other-' || i, 300, 300, false, now(), now() from generate_series(1, 2000) i;
  insert into spender_ages (user_id, family_id, teen, declared, updated_at)
    select 'bench-other-' || i, 'bench-other-family-' || i, false, null, now() from generate_series(1, 2000) i;
  insert into transfers (idempotency_key, kind, debit_account, credit_account, amount, created_at)
    select 'bench-other-gift-' || i || ':' || j, 'gift', 'bench-other-' || i, 'bench-other-' || (i % 2000 + 1), 10,
      now() - make_interval(days => j)
    from generate_series(1, 2000) i, generate_series(1, 20) j;
  with bought as (
    insert into transfers (idempotency_key, kind, debit_account, credit_account, amount, created_at)
      select 'bench-other-buy-' || i, 'purchase', 'house:sales', 'bench-other-' || i, 500, now() - interval '100 days'
      from generate_series(1, 2000) i
      returning id, credit_account, created_at)
  insert into lots (user_id, transfer_id, amount, remaining, issued_at, expires_at)
    select credit_account, id, 500, 300, created_at, created_at + interval '180 days' from bought;

  insert into spender_ages (user_id, family_id, teen, declared, updated_at) values
    ('bench-minor', 'bench-family', true, null, now()), ('bench-minor-2', 'bench-family', false, null, now());
  insert into accounts (user_id, balance, purchased, capped, created_at, updated_at) values
    ('bench-minor', 1500, 1200, true, now(), now()), ('bench-minor-2', 200, 0, true, now(), now());
  with bought as (
    insert into transfers (idempotency_key, kind, debit_account, credit_account, amount, created_at)
      select 'bench-minor-buy-' || d, 'purchase', 'house:sales', 'bench-minor', 500, now() - make_interval(days => d)
      from unnest(array[170, 160, 60]) d
      returning id, created_at)
  insert into lots (user_id, transfer_id, amount, remaining, issued_at, expires_at)
    select 'bench-minor', id, 500, 400, created_at, created_at + interval '180 days' from bought;
  insert into transfers (idempotency_key, kind, debit_account, credit_account, amount, created_at)
    select 'bench-minor-spend-' || u || ':' || h || ':' || k, k, u, 'bench-other-1', 10, now() - make_interval(hours => h)
    from unnest(array['bench-minor', 'bench-minor-2']) u, generate_series(1, 15) h,
      unnest(array['gift', 'chat_fee', 'call_minute']) k;
  analyze;`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const children: Child[] = [];
try {
  const points = await startChild('./points-server.ts', secrets);
  children.push(points);
  const schema = String(points.ready.schema);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(seed(schema));
    const floor = await startChild('./floor-points-server.ts', { BENCH_FLOOR_SCHEMA: schema });
    children.push(floor);
    const pgCpu = await postgresCpu(databaseUrl);

    const base = String(points.ready.url);
    const sides = [
      { name: 'stranger', server: points, url: `${base}/points/balance`, headers: identity('bench-user') },
      { name: 'minor', server: points, url: `${base}/points/balance`, headers: identity('bench-minor') },
      { name: 'floor', server: floor, url: `${String(floor.ready.url)}/balance`, headers: identity('bench-minor') },
    ];
    for (const s of sides) {
      const res = await fetch(s.url, { headers: s.headers });
      if (res.status !== 200) throw new Error(`${s.name} answered ${res.status}: ${await res.text()}`);
      console.log(`${s.name} answers ${JSON.stringify((await res.json()).data)}`);
    }
    console.log(
      `${loadBefore()} (${os.cpus().length} cores); PostgreSQL CPU ${pgCpu ? 'from /proc' : 'not measured (not local)'}`,
    );
    console.log(
      `max: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per side, ${ROUNDS} rounds (order rotating), after a 2 s warm-up each`,
    );
    for (const s of sides) await load(s.url, s.headers, CONNECTIONS, 2);

    const runs = new Map(sides.map((s) => [s.name, [] as { rps: number; p99: number; cpu: number; pg: number }[]]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
      for (const s of order) {
        const cpu0 = (await s.server.ask<{ micros: number }>('cpu')).micros;
        const pg0 = pgCpu?.() ?? 0;
        const f = await load(s.url, s.headers, CONNECTIONS, DURATION_S);
        const pg1 = pgCpu?.() ?? 0;
        const cpu1 = (await s.server.ask<{ micros: number }>('cpu')).micros;
        if (f.non2xx + f.errors > 0) throw new Error(`${s.name}: ${f.non2xx + f.errors} failed requests`);
        const n = f.rps * DURATION_S;
        runs.get(s.name)!.push({ rps: f.rps, p99: f.p99, cpu: (cpu1 - cpu0) / n, pg: (pg1 - pg0) / n });
      }
    }
    console.log('\n| side | max req/s (rounds) | CPU/request: service · PostgreSQL | p99 at max |');
    console.log('| --- | ---: | --- | ---: |');
    for (const [name, r] of runs) {
      const rps = r.map((x) => x.rps);
      console.log(
        `| ${name} | ${median(rps).toFixed(0)} (${rps.map((x) => x.toFixed(0)).join(', ')}) | ${median(r.map((x) => x.cpu)).toFixed(0)} · ${pgCpu ? `${median(r.map((x) => x.pg)).toFixed(0)} µs` : '—'} | ${median(r.map((x) => x.p99))} ms |`,
      );
    }
  } finally {
    for (const child of children.reverse()) await child.stop();
    await db.query(`drop schema if exists ${schema} cascade`);
    await db.end();
  }
} finally {
  for (const child of children) await child.stop();
}
