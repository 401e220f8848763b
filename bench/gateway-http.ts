// Authenticated GETs through the gateway versus straight to the service, in the same run:
// - profile: accounts' `GET /users/profile` (issue 2's own endpoint: one user read, and the balance
//   and saved filter asked of points and topics over the bus), for a user signed up through the API;
// - balance: points' `GET /points/balance` (the smallest authenticated endpoint that reads the database).
// Each server is its own process; the load generators run here.
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import { startChild, type Child } from './lib/child.ts';
import { load, paced, type Figures } from './lib/http-load.ts';
import { loadBefore } from './lib/load-average.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 2000);
// accounts alone serves the profile at about 1,000 req/s on this machine (two bus round trips per
// request), so 2,000/s would measure its queue, not the gateway: the profile's fixed rate is lower.
const PROFILE_RATE = Number(process.env.BENCH_PROFILE_RATE ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ENDPOINTS = (process.env.BENCH_GATEWAY_ENDPOINT ?? 'profile,balance').split(',');
for (const e of ENDPOINTS) if (e !== 'profile' && e !== 'balance') throw new Error(`unknown endpoint ${e}`);

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};

interface Side {
  url: string;
  headers: Record<string, string>;
}
interface Target {
  name: string;
  label: string;
  /** Requests per second of the open-loop runs. */
  rate: number;
  direct: Side;
  gateway: Side;
  /** The processes that serve the request behind the gateway (their CPU is the upstream's). */
  upstreams: Child[];
}
interface Round {
  maxDirect: Figures;
  maxGateway: Figures;
  rateDirect: Figures;
  rateGateway: Figures;
  /** CPU µs per request at max load: upstream when called directly, upstream behind the gateway, gateway. */
  cpu: { direct: number; behind: number; gateway: number };
}

const identity = (userId: string, sessionId: string) => ({
  'x-honne-user-id': userId,
  'x-honne-session-id': sessionId,
  'x-internal-token': secrets.INTERNAL_TOKEN,
});

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const medianBy = <T>(runs: T[], key: (r: T) => number): T =>
  [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)]!;
const ms = (v: number) => v.toFixed(2);
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(2)}`;

const children: Child[] = [];
const start = async (script: string, env: Record<string, string | undefined>, nodeArgs: string[] = []) => {
  const child = await startChild(script, env, nodeArgs);
  children.push(child);
  return child;
};

try {
  const points = await start('./points-server.ts', secrets);
  const accounts = ENDPOINTS.includes('profile') ? await start('./accounts-server.ts', secrets) : undefined;
  const gateway = await start(
    './gateway-server.ts',
    {
      ...secrets,
      POINTS_URL: String(points.ready.url),
      ACCOUNTS_URL: accounts ? String(accounts.ready.url) : undefined,
      BENCH_PROFILE_USER_ID: accounts ? String(accounts.ready.userId) : undefined,
      BENCH_PROFILE_SESSION_ID: accounts ? String(accounts.ready.sessionId) : undefined,
      RATE_LIMIT_MAX: '1000000000',
    },
    // e.g. BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/gateway-prof" to see where its time goes
    (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );
  const gatewayUrl = `${String(gateway.ready.url)}/api/v1`;
  const targets: Target[] = [];
  if (accounts) {
    // With Redis the gateway sees the session accounts stored; with in-memory caches it vouches itself.
    const token = gateway.ready.cache === 'redis' ? accounts.ready.token : gateway.ready.profileToken;
    targets.push({
      name: 'profile',
      rate: PROFILE_RATE,
      label: `GET /users/profile (accounts${points.ready.db === 'postgresql' ? '' : ' on PGlite'}, asking points and topics over the bus)`,
      direct: {
        url: `${String(accounts.ready.url)}/users/profile`,
        headers: identity(String(accounts.ready.userId), String(accounts.ready.sessionId)),
      },
      gateway: { url: `${gatewayUrl}/users/profile`, headers: { authorization: `Bearer ${String(token)}` } },
      // With NATS the balance comes from the points process; otherwise everything is in accounts'.
      upstreams: gateway.ready.bus === 'nats' ? [accounts, points] : [accounts],
    });
  }
  if (ENDPOINTS.includes('balance'))
    targets.push({
      name: 'balance',
      rate: FIXED_RATE,
      label: 'GET /points/balance (points: one database read)',
      direct: { url: `${String(points.ready.url)}/points/balance`, headers: identity('bench-user', 'bench-session') },
      gateway: {
        url: `${gatewayUrl}/points/balance`,
        headers: { authorization: `Bearer ${String(gateway.ready.token)}` },
      },
      upstreams: [points],
    });
  targets.sort((a, b) => ENDPOINTS.indexOf(a.name) - ENDPOINTS.indexOf(b.name));

  for (const t of targets)
    for (const side of [t.direct, t.gateway]) {
      const res = await fetch(side.url, { headers: side.headers });
      if (res.status !== 200) throw new Error(`${side.url} answered ${res.status}: ${await res.text()}`);
    }

  console.log(`${loadBefore()} (${os.cpus().length} cores)`);
  console.log(
    `db: ${String(points.ready.db)}, gateway cache: ${String(gateway.ready.cache)}, bus: ${String(gateway.ready.bus)}`,
  );
  console.log(
    `max: autocannon, ${CONNECTIONS} connections; fixed rate: open-loop (profile ${PROFILE_RATE}, balance ${FIXED_RATE} req/s), latency from each request's scheduled start; ${DURATION_S} s per run, ${ROUNDS} rounds, each running direct and gateway back to back (which goes first alternates), after a 2 s warm-up`,
  );

  const cpuOf = async (processes: Child[]) => {
    let micros = 0;
    for (const p of processes) micros += (await p.ask<{ micros: number }>('cpu')).micros;
    return micros;
  };
  for (const t of targets) {
    console.log(`\n## ${t.label}\n`);
    await load(t.direct.url, t.direct.headers, CONNECTIONS, 2);
    await load(t.gateway.url, t.gateway.headers, CONNECTIONS, 2);
    // The machine is shared: each round measures both sides back to back, and the figures that
    // count are medians over rounds, and medians of each round's gateway-versus-direct difference,
    // so a burst of someone else's work lands in one round instead of one whole side.
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const gatewayFirst = round % 2 === 1;
      const maxRun = async (side: Side, cpuProcesses: Child[][]) => {
        const before = await Promise.all(cpuProcesses.map(cpuOf));
        const figures = await load(side.url, side.headers, CONNECTIONS, DURATION_S);
        const after = await Promise.all(cpuProcesses.map(cpuOf));
        const n = figures.rps * DURATION_S;
        return { figures, cpu: after.map((a, i) => (a - before[i]!) / n) };
      };
      const direct = () => maxRun(t.direct, [t.upstreams]);
      const viaGateway = () => maxRun(t.gateway, [t.upstreams, [gateway]]);
      const [d, g] = gatewayFirst
        ? await viaGateway().then(async (g) => [await direct(), g] as const)
        : await direct().then(async (d) => [d, await viaGateway()] as const);
      const rateDirect = () => paced(t.direct.url, t.direct.headers, t.rate, DURATION_S);
      const rateGateway = () => paced(t.gateway.url, t.gateway.headers, t.rate, DURATION_S);
      const [rd, rg] = gatewayFirst
        ? await rateGateway().then(async (rg) => [await rateDirect(), rg] as const)
        : await rateDirect().then(async (rd) => [rd, await rateGateway()] as const);
      rounds.push({
        maxDirect: d.figures,
        maxGateway: g.figures,
        rateDirect: rd,
        rateGateway: rg,
        cpu: { direct: d.cpu[0]!, behind: g.cpu[0]!, gateway: g.cpu[1]! },
      });
    }
    report(t, rounds);
  }
} finally {
  for (const child of children.reverse()) await child.stop();
}

function report(t: Target, rounds: Round[]): void {
  const ratioOf = (r: Round) => r.maxGateway.rps / r.maxDirect.rps;
  const addedOf = (r: Round) => r.rateGateway.p99 - r.rateDirect.p99;
  for (const [i, r] of rounds.entries())
    console.log(
      `round ${i + 1} max: direct ${r.maxDirect.rps.toFixed(0)} req/s, gateway ${r.maxGateway.rps.toFixed(0)} req/s (${(ratioOf(r) * 100).toFixed(0)} %); CPU/request upstream ${r.cpu.direct.toFixed(0)} → ${r.cpu.behind.toFixed(0)} µs, gateway ${r.cpu.gateway.toFixed(0)} µs`,
    );
  for (const [i, r] of rounds.entries())
    console.log(
      `round ${i + 1} at ${t.rate}/s: p50 direct ${r.rateDirect.p50} ms, gateway ${r.rateGateway.p50} ms; p99 direct ${r.rateDirect.p99} ms, gateway ${r.rateGateway.p99} ms`,
    );

  // The rounds whose ratio and whose added p99 are the medians, shown whole as before.
  const maxMedian = medianBy(rounds, ratioOf);
  const rateMedian = medianBy(rounds, addedOf);
  console.log(`\nmedian rounds:\n`);
  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.non2xx + f.errors} |`;
  console.log('| run | req/s | p50 ms | p99 ms | non-2xx + errors |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(row('direct, max', maxMedian.maxDirect));
  console.log(row('gateway, max', maxMedian.maxGateway));
  console.log(row(`direct, ${t.rate}/s`, rateMedian.rateDirect));
  console.log(row(`gateway, ${t.rate}/s`, rateMedian.rateGateway));
  const failures = rounds.reduce(
    (n, r) => n + [r.maxDirect, r.maxGateway, r.rateDirect, r.rateGateway].reduce((m, f) => m + f.non2xx + f.errors, 0),
    0,
  );

  // Medians over all rounds, each side on its own, and of the per-round differences.
  const of = (key: (r: Round) => number) => median(rounds.map(key));
  const ratio = of(ratioOf);
  const added = of(addedOf);
  console.log(`\nmedians over ${rounds.length} rounds:`);
  console.log(
    `  max req/s: direct ${of((r) => r.maxDirect.rps).toFixed(0)}, gateway ${of((r) => r.maxGateway.rps).toFixed(0)}; per-round ratio ${(ratio * 100).toFixed(0)} % (rounds ${rounds
      .map((r) => (ratioOf(r) * 100).toFixed(0))
      .join(', ')})`,
  );
  console.log(
    `  p50 at ${t.rate}/s: direct ${ms(of((r) => r.rateDirect.p50))} ms, gateway ${ms(of((r) => r.rateGateway.p50))} ms; per-round difference ${signed(of((r) => r.rateGateway.p50 - r.rateDirect.p50))} ms`,
  );
  console.log(
    `  p99 at ${t.rate}/s: direct ${ms(of((r) => r.rateDirect.p99))} ms, gateway ${ms(of((r) => r.rateGateway.p99))} ms; per-round difference ${signed(added)} ms (rounds ${rounds
      .map((r) => addedOf(r).toFixed(1))
      .join(', ')})`,
  );
  console.log(
    `\nCPU per request (median of rounds): upstream ${of((r) => r.cpu.direct).toFixed(0)} µs direct, ${of((r) => r.cpu.behind).toFixed(0)} µs behind the gateway; gateway ${of((r) => r.cpu.gateway).toFixed(0)} µs`,
  );
  console.log(
    `\nthroughput kept through the gateway: ${(ratio * 100).toFixed(0)} % (goal ≥ 50 %) ${ratio >= 0.5 ? 'MET' : 'MISSED'}`,
  );
  console.log(`p99 added at ${t.rate} req/s: ${added.toFixed(1)} ms (goal ≤ 2 ms) ${added <= 2 ? 'MET' : 'MISSED'}`);
  const directRate = of((r) => r.rateDirect.rps);
  if (directRate < t.rate * 0.95)
    console.log(`note: the service alone reached only ${directRate.toFixed(0)} req/s of the ${t.rate} asked`);
  if (failures > 0) console.log(`note: ${failures} requests failed or answered other than 200 across the rounds`);
}
