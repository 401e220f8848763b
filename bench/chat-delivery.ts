// End-to-end chat delivery: simulated users in pairs over real WebSockets, each message posted
// through the gateway to chat, stored in PostgreSQL, sequenced in Redis, fanned out over NATS and
// pushed by the gateway to the receiver's socket. A bare `ws` relay is the reference in the same
// run. Needs DATABASE_URL, NATS_URL and REDIS_URL (the services are separate processes, so they
// can only meet on real infrastructure) and `ulimit -n` above 2 × BENCH_CHAT_USERS.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { startChild, type Child } from './lib/child.ts';

type Started = Awaited<ReturnType<typeof startChild>>;

const USERS = Number(process.env.BENCH_CHAT_USERS ?? 2000);
const FIXED_RATE = Number(process.env.BENCH_CHAT_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 5);
const P99_LIMIT_MS = 50;
const STEPS = (process.env.BENCH_CHAT_STEPS ?? '200,600,1200,1800,2100,2400,2800,3200,4000').split(',').map(Number);
/** socket: `command` frames on the senders' open sockets (the chat screen's path); http: POST /messages. */
const SEND = process.env.BENCH_CHAT_SEND === 'http' ? 'http' : 'socket';
const FLOOR = process.env.BENCH_CHAT_FLOOR !== '0';
/** BENCH_CHAT_OBSERVE=1: tracing and metrics off against on, in one run (issue 29), instead of the floor and relay. */
const OBSERVE = process.env.BENCH_CHAT_OBSERVE === '1';
/** BENCH_CHAT_FILTER=1: the text filter on against off, in one run (issue 28), instead of the floor and relay. */
const FILTER = process.env.BENCH_CHAT_FILTER === '1';
/** BENCH_CHAT_SCALE=1: one chat + one gateway against two + two, same load, in one run (issue 30). */
const SCALE = process.env.BENCH_CHAT_SCALE === '1';
const SCRAPE_EVERY_MS = 1000;
const RELAY_STEPS = (process.env.BENCH_CHAT_RELAY_STEPS ?? '1000,2000,5000,10000,12500,15000,17500,20000,25000')
  .split(',')
  .map(Number);

for (const v of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL']) {
  if (!process.env[v]) {
    console.error(`${v} is not set: the chat bench runs gateway and chat as separate processes on real infrastructure`);
    process.exit(2);
  }
}

interface RunResult {
  rate: number;
  sent: number;
  delivered: number;
  lost: number;
  duplicates: number;
  failures: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
}

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
const fmt = (r: RunResult) =>
  `${String(r.rate).padStart(6)}/s offered  ${r.deliveredPerSecond.toFixed(0).padStart(6)}/s delivered  p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  lost ${r.lost}  dup ${r.duplicates}  send errors ${r.failures}`;

const cpuPer = (before: number[], after: number[], n: number) =>
  after.map((a, i) => `${['chat', 'gateway', 'clients'][i]} ${((a - before[i]!) / n).toFixed(0)} µs`).join(', ');

/** Steps up the rate until p99 passes the limit or something is lost; the best passing step. */
async function sweep(
  clients: Child,
  steps: number[],
  label: string,
  cpu?: () => Promise<number[]>,
): Promise<RunResult | undefined> {
  let best: RunResult | undefined;
  for (const rate of steps) {
    const before = await cpu?.();
    const r = await clients.ask<RunResult>('run', { rate, seconds: Math.min(SECONDS, 4) });
    const after = await cpu?.();
    console.log(`  ${label} ${fmt(r)}${before && after ? `  CPU/msg ${cpuPer(before, after, r.sent)}` : ''}`);
    if (r.p99 > P99_LIMIT_MS || r.lost > 0 || r.failures > 0) break;
    best = r;
  }
  return best;
}

/**
 * A warm-up (JIT, connection pools, prepared statements on every process), the fixed-rate run with
 * each process's CPU per message, then the sweep: the same for the stack and the floor.
 */
async function measure(
  label: string,
  chat: Child | Child[],
  gateway: Child | Child[],
  clients: Child,
): Promise<{ fixed: RunResult; best: RunResult | undefined }> {
  await clients.ask('run', { rate: FIXED_RATE, seconds: 4 });
  // Each part's CPU summed over its instances.
  const used = async (c: Child) => (await c.ask<{ micros: number }>('cpu')).micros;
  const cpu = async () =>
    Promise.all(
      [[chat].flat(), [gateway].flat(), [clients]].map(async (group) =>
        (await Promise.all(group.map(used))).reduce((a, b) => a + b, 0),
      ),
    );
  const before = await cpu();
  const fixed = await clients.ask<RunResult>('run', { rate: FIXED_RATE, seconds: SECONDS * 2 });
  const after = await cpu();
  console.log(`  ${label} fixed ${fmt(fixed)}`);
  console.log(`  ${label} CPU per message: ${cpuPer(before, after, fixed.sent)}`);
  return { fixed, best: await sweep(clients, STEPS, label, cpu) };
}

/**
 * The stack: chat and gateway in their own processes, measured at the fixed rate and swept.
 * `env` is added to both servers' (the observability comparison turns tracing on with it).
 */
async function runStack(
  label: string,
  env: Record<string, string> = {},
  /** Instances of chat and of the gateway; the sockets take turns between the gateways. */
  instances = 1,
): Promise<{ fixed: RunResult; best: RunResult | undefined }> {
  const tokensFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-chat-tokens-')), 'tokens');
  // BENCH_CHAT_PROFILE=<dir> / BENCH_GATEWAY_PROFILE=<dir> write a V8 CPU profile of that process there.
  const profile = (dir: string | undefined) => (dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []);
  const chat = await startChild(
    '../chat-server.ts',
    { ...secrets, ...env, BENCH_SOCKET_USERS: String(USERS) },
    profile(process.env.BENCH_CHAT_PROFILE),
  );
  const chats = [chat];
  const gateways: Started[] = [];
  try {
    for (let i = 1; i < instances; i++)
      chats.push(
        await startChild('../chat-server.ts', { ...secrets, ...env, BENCH_CHAT_SCHEMA: chat.ready.schema as string }),
      );
    for (let i = 0; i < instances; i++)
      gateways.push(
        await startChild(
          './gateway-server.ts',
          {
            ...secrets,
            ...env,
            CHAT_URL: chats[i]!.ready.url as string,
            // The first mints the users' tokens; their sessions are in Redis, which every gateway reads.
            ...(i === 0 ? { BENCH_SOCKET_USERS: String(USERS), BENCH_TOKENS_FILE: tokensFile } : {}),
            RATE_LIMIT_MAX: '100000000',
          },
          profile(process.env.BENCH_GATEWAY_PROFILE),
        ),
      );
  } catch (error) {
    for (const c of [...gateways, ...chats.reverse()]) await c.stop();
    throw error;
  }
  const clients = await startChild('../chat-clients.ts');
  // Scraped as Prometheus would, only where metrics are being served (the comparison's "on" runs).
  const scrape = env.METRICS_PORT
    ? setInterval(() => {
        for (const u of [`${chat.ready.url as string}/metrics`, `http://127.0.0.1:${env.METRICS_PORT}/metrics`])
          void fetch(u).then(
            (r) => r.arrayBuffer(),
            () => undefined,
          );
      }, SCRAPE_EVERY_MS)
    : undefined;
  try {
    const opened = await clients.ask<{ open: number; failed: number }>('open', {
      mode: 'stack',
      send: SEND,
      url: gateways.map((g) => (g.ready.url as string).replace(/^http/, 'ws')).join(','),
      users: USERS,
      tokensFile,
      rooms: chat.ready.rooms,
    });
    console.log(
      `${label}: ${opened.open} sockets open (${opened.failed} failed); db ${String(chat.ready.db)}, bus ${String(chat.ready.bus)}, cache ${String(chat.ready.cache)}`,
    );
    return await measure(label, chats, gateways, clients);
  } finally {
    clearInterval(scrape);
    await clients.stop();
    for (const g of gateways) await g.stop();
    // The first chat last: it drops the schema the others joined.
    for (const c of [...chats].reverse()) await c.stop();
  }
}

/**
 * Issue 29's cost check: the same stack with tracing off, then on and exporting every span over
 * OTLP (to a sink in this process that reads and drops them, as a collector elsewhere would), then
 * on with one trace in ten sampled; metrics are always counted, and in the "on" runs both
 * processes are also scraped every second. No floor or relay: the runs compare with each other.
 */
async function compareObservability(): Promise<void> {
  let spansBytes = 0;
  const sink = createServer((req, res) => {
    req.on('data', (c: Buffer) => (spansBytes += c.length));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((done) => sink.listen(0, '127.0.0.1', done));
  const otlp = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const runs: [string, RunResult, RunResult | undefined, number][] = [];
  const variants: [string, Record<string, string>][] = [
    ['off', {}],
    ['on', { OTEL_EXPORTER_OTLP_ENDPOINT: otlp, METRICS_PORT: '19464' }],
    [
      'on 10%',
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
        METRICS_PORT: '19465',
      },
    ],
  ];
  try {
    for (const [label, env] of variants) {
      const before = spansBytes;
      const { fixed, best } = await runStack(label, env);
      runs.push([label, fixed, best, spansBytes - before]);
    }
  } finally {
    sink.close();
  }
  summarize(
    'tracing and metrics off / on / on with 1 in 10 traces sampled',
    runs.map(([label, fixed, best, bytes]) => [label, fixed, best, `  OTLP ${(bytes / 1e6).toFixed(1)} MB`]),
  );
}

/** Each run against the first: p99 at the fixed rate and the most delivered at p99 within the limit. */
function summarize(title: string, runs: [string, RunResult, RunResult | undefined, string][]): void {
  const [, baseFixed, baseBest] = runs[0]!;
  console.log(`\nsummary (${title})`);
  for (const [label, fixed, best, extra] of runs) {
    const vs = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
    console.log(
      `  ${label.padEnd(10)} at ${FIXED_RATE}/s: p50 ${fixed.p50.toFixed(2)} ms, p99 ${fixed.p99.toFixed(2)} ms (${vs(fixed.p99, baseFixed.p99)})  max at p99 ≤ ${P99_LIMIT_MS} ms: ${best ? best.deliveredPerSecond.toFixed(0) : 'none'} msg/s${best && baseBest ? ` (${vs(best.deliveredPerSecond, baseBest.deliveredPerSecond)})` : ''}${extra}`,
    );
  }
}

/**
 * Issue 28's cost check: the same stack with the text filter off (every text passes unread), then on
 * (the shipped lists, as every message is screened in production). No floor or relay: the runs
 * compare with each other. The library alone is `bench:filter`.
 */
async function compareFilter(): Promise<void> {
  const runs: [string, RunResult, RunResult | undefined, string][] = [];
  for (const [label, env] of [
    ['filter off', { BENCH_FILTER: 'off' }],
    ['filter on', {}],
  ] as const) {
    const { fixed, best } = await runStack(label, env);
    runs.push([label, fixed, best, '']);
  }
  summarize('text filter off / on', runs);
}

/**
 * Issue 30's scale-out check: the same load on one chat and one gateway, then on two of each (the
 * pairs' two sides on different gateways, chat's requests shared by NATS queue groups). On one
 * machine the two can only tie on throughput; what it shows is the CPU per message, which must not
 * grow with the instance count (no bottleneck shared through Redis, NATS or PostgreSQL).
 */
async function compareScale(): Promise<void> {
  const runs: [string, RunResult, RunResult | undefined, string][] = [];
  for (const n of [1, 2, 1, 2]) {
    const label = `${n} + ${n}`;
    const { fixed, best } = await runStack(label, {}, n);
    runs.push([label, fixed, best, '']);
  }
  summarize('one chat + one gateway / two + two, alternated', runs);
}

async function main(): Promise<void> {
  console.log(
    `chat delivery bench: ${USERS} users (${USERS / 2} pairs), sent over ${SEND === 'http' ? 'POST /messages' : 'the socket (command frames)'}, ${os.cpus().length} CPUs, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (OBSERVE) return compareObservability();
  if (FILTER) return compareFilter();
  if (SCALE) return compareScale();
  const stack = await runStack('stack');

  // ---- the floor: the stack's hops (ws → gateway → NATS → service → PostgreSQL, Redis → NATS →
  // gateway → ws, and the sender's answer) with none of our code; BENCH_CHAT_FLOOR=0 skips it ----
  let floorBest: RunResult | undefined;
  if (FLOOR) {
    const floorChat = await startChild('../floor-chat.ts');
    const floorGateway = await startChild('../floor-gateway.ts');
    const floorClients = await startChild('../chat-clients.ts');
    try {
      await floorClients.ask('open', { mode: 'floor', url: floorGateway.ready.url, users: USERS });
      floorBest = (await measure('floor', floorChat, floorGateway, floorClients)).best;
    } finally {
      await floorClients.stop();
      await floorGateway.stop();
      await floorChat.stop();
    }
  }

  // ---- the reference: a bare ws relay ----
  const relay = await startChild('./../chat-relay.ts');
  const relayClients = await startChild('../chat-clients.ts');
  let relayBest: RunResult | undefined;
  try {
    await relayClients.ask('open', { mode: 'relay', url: relay.ready.url, users: USERS });
    await relayClients.ask('run', { rate: 2000, seconds: 2 });
    relayBest = await sweep(relayClients, RELAY_STEPS, 'relay');
  } finally {
    await relayClients.stop();
    await relay.stop();
  }

  const ratio = stack.best && relayBest ? stack.best.deliveredPerSecond / relayBest.deliveredPerSecond : NaN;
  const f = stack.fixed;
  console.log('\nsummary');
  console.log(
    `  ${USERS} users at ${FIXED_RATE} msg/s: p50 ${f.p50.toFixed(2)} ms (goal ≤ 5), p99 ${f.p99.toFixed(2)} ms (goal ≤ 30), lost ${f.lost} (goal 0), duplicates ${f.duplicates}`,
  );
  console.log(
    `  stack max at p99 ≤ ${P99_LIMIT_MS} ms: ${stack.best ? stack.best.deliveredPerSecond.toFixed(0) : 'none'} msg/s`,
  );
  console.log(
    `  bare relay max at p99 ≤ ${P99_LIMIT_MS} ms: ${relayBest ? relayBest.deliveredPerSecond.toFixed(0) : 'none'} msg/s`,
  );
  console.log(`  ratio: ${ratio.toFixed(3)}× (goal ≥ 0.2×)`);
  if (FLOOR) {
    const floorRatio = floorBest && relayBest ? floorBest.deliveredPerSecond / relayBest.deliveredPerSecond : NaN;
    console.log(
      `  floor (same hops, none of our code) max at p99 ≤ ${P99_LIMIT_MS} ms: ${floorBest ? floorBest.deliveredPerSecond.toFixed(0) : 'none'} msg/s, ${floorRatio.toFixed(3)}× the relay`,
    );
  }
}

await main();
process.exit(0);
