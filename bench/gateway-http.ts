// Authenticated GET through the gateway versus straight to the service, in the same run.
// Upstream: points `GET /points/balance` (the smallest authenticated endpoint that reads the
// database). Each server is its own process; autocannon runs here.
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import autocannon from 'autocannon';
import { Pool } from 'undici';

import { startChild } from './lib/child.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const FIXED_RATE = Number(process.env.BENCH_RATE ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Closed-loop load: as fast as the connections go. */
async function load(url: string, headers: Record<string, string>, duration = DURATION_S): Promise<Figures> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Open-loop load at a steady rate: each request has a scheduled start, and its latency is counted
 * from then, so a slow response delays nothing and hides nothing (no coordinated omission).
 * autocannon's own rate limit sends each second's budget in a burst, which measures the burst.
 */
async function paced(
  url: string,
  headers: Record<string, string>,
  rate: number,
  durationS = DURATION_S,
): Promise<Figures> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 64, pipelining: 1 });
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const latencies = new Float64Array(total);
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let done = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
      while (sent < due) {
        const i = sent++;
        const scheduled = start + i * intervalMs;
        pool
          .request({ path: target.pathname, method: 'GET', headers })
          .then(
            async (res) => {
              await res.body.dump();
              if (res.statusCode !== 200) non2xx++;
            },
            () => void errors++,
          )
          .finally(() => {
            latencies[i] = performance.now() - scheduled;
            if (++done === total) resolve();
          });
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort();
  const at = (q: number) => Math.round(latencies[Math.min(total - 1, Math.floor(q * total))]! * 100) / 100;
  return { rps: total / elapsed, p50: at(0.5), p99: at(0.99), non2xx, errors };
}

const points = await startChild('./points-server.ts', secrets);
const gateway = await startChild(
  './gateway-server.ts',
  { ...secrets, POINTS_URL: String(points.ready.url), RATE_LIMIT_MAX: '1000000000' },
  // e.g. BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/gateway-prof" to see where its time goes
  (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean),
).catch(async (err: unknown) => {
  await points.stop();
  throw err;
});
try {
  const token = String(gateway.ready.token);
  const direct = {
    url: `${String(points.ready.url)}/points/balance`,
    headers: {
      'x-honne-user-id': 'bench-user',
      'x-honne-session-id': 'bench-session',
      'x-internal-token': secrets.INTERNAL_TOKEN,
    },
  };
  const viaGateway = {
    url: `${String(gateway.ready.url)}/api/v1/points/balance`,
    headers: { authorization: `Bearer ${token}` },
  };

  for (const target of [direct, viaGateway]) {
    const res = await fetch(target.url, { headers: target.headers });
    if (res.status !== 200) throw new Error(`${target.url} answered ${res.status}: ${await res.text()}`);
  }

  console.log(
    `${new Date().toISOString()}, load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  console.log(
    `endpoint: GET /points/balance (points service; accounts' /users/profile also needs a user and a bus round trip to points)`,
  );
  console.log(
    `points db: ${String(points.ready.db)}, gateway cache: ${String(gateway.ready.cache)}, bus: ${String(gateway.ready.bus)}`,
  );
  console.log(
    `max: autocannon, ${CONNECTIONS} connections; fixed rate: open-loop ${FIXED_RATE} req/s, latency from each request's scheduled start; ${DURATION_S} s per run, ${ROUNDS} rounds alternating direct and gateway, after a 2 s warm-up\n`,
  );

  await load(direct.url, direct.headers, 2);
  await load(viaGateway.url, viaGateway.headers, 2);
  const cpu = async () => ({
    points: (await points.ask<{ micros: number }>('cpu')).micros,
    gateway: (await gateway.ask<{ micros: number }>('cpu')).micros,
  });
  // Direct and gateway runs alternate and the median round counts: the machine is shared, and a
  // burst of someone else's work then hits both sides instead of one whole series.
  const maxRuns: {
    direct: Figures;
    gateway: Figures;
    cpu: { pointsDirect: number; pointsBehind: number; gateway: number };
  }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const c0 = await cpu();
    const d = await load(direct.url, direct.headers);
    const c1 = await cpu();
    const g = await load(viaGateway.url, viaGateway.headers);
    const c2 = await cpu();
    const n = (f: Figures) => f.rps * DURATION_S;
    maxRuns.push({
      direct: d,
      gateway: g,
      cpu: {
        pointsDirect: (c1.points - c0.points) / n(d),
        pointsBehind: (c2.points - c1.points) / n(g),
        gateway: (c2.gateway - c1.gateway) / n(g),
      },
    });
  }
  const rateRuns: { direct: Figures; gateway: Figures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rateRuns.push({
      direct: await paced(direct.url, direct.headers, FIXED_RATE),
      gateway: await paced(viaGateway.url, viaGateway.headers, FIXED_RATE),
    });
  }
  const medianBy = <T>(runs: T[], key: (r: T) => number): T =>
    [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)]!;
  const maxMedian = medianBy(maxRuns, (r) => r.gateway.rps / r.direct.rps);
  const rateMedian = medianBy(rateRuns, (r) => r.gateway.p99 - r.direct.p99);
  const { direct: maxDirect, gateway: maxGateway, cpu: cpuPerRequest } = maxMedian;
  const { direct: rateDirect, gateway: rateGateway } = rateMedian;
  for (const [i, r] of maxRuns.entries())
    console.log(
      `round ${i + 1} max: direct ${r.direct.rps.toFixed(0)} req/s, gateway ${r.gateway.rps.toFixed(0)} req/s (${((r.gateway.rps / r.direct.rps) * 100).toFixed(0)} %)`,
    );
  for (const [i, r] of rateRuns.entries())
    console.log(`round ${i + 1} at ${FIXED_RATE}/s: p99 direct ${r.direct.p99} ms, gateway ${r.gateway.p99} ms`);
  console.log(`\nmedian rounds:\n`);

  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.non2xx + f.errors} |`;
  console.log('| run | req/s | p50 ms | p99 ms | non-2xx + errors |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(row('direct, max', maxDirect));
  console.log(row('gateway, max', maxGateway));
  console.log(row(`direct, ${FIXED_RATE}/s`, rateDirect));
  console.log(row(`gateway, ${FIXED_RATE}/s`, rateGateway));
  console.log(
    `\nCPU per request: points ${cpuPerRequest.pointsDirect.toFixed(0)} µs direct, ${cpuPerRequest.pointsBehind.toFixed(0)} µs behind the gateway; gateway ${cpuPerRequest.gateway.toFixed(0)} µs`,
  );
  const ratio = maxGateway.rps / maxDirect.rps;
  const added = rateGateway.p99 - rateDirect.p99;
  console.log(
    `\nthroughput kept through the gateway: ${(ratio * 100).toFixed(0)} % (goal ≥ 50 %) ${ratio >= 0.5 ? 'MET' : 'MISSED'}`,
  );
  console.log(
    `p99 added at ${FIXED_RATE} req/s: ${added.toFixed(1)} ms (goal ≤ 2 ms) ${added <= 2 ? 'MET' : 'MISSED'}`,
  );
  if (rateDirect.rps < FIXED_RATE * 0.95)
    console.log(`note: the service alone reached only ${rateDirect.rps.toFixed(0)} req/s of the ${FIXED_RATE} asked`);
} finally {
  await gateway.stop();
  await points.stop();
}
