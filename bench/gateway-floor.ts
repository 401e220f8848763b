// How much of the gateway's cost is any extra Node process in the path: points' GET /points/balance
// straight, through a bare Node proxy (lib/bare-proxy-server.ts) and through the gateway, in rounds.
import { randomBytes } from 'node:crypto';

import { startChild } from './lib/child.ts';
import { load, paced } from './lib/http-load.ts';
import { loadBefore } from './lib/load-average.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};
const points = await startChild('./points-server.ts', secrets);
const gateway = await startChild('./gateway-server.ts', {
  ...secrets,
  POINTS_URL: String(points.ready.url),
  RATE_LIMIT_MAX: '1000000000',
});
const bare = await startChild('./bare-proxy-server.ts', { POINTS_URL: String(points.ready.url) });
try {
  // The bare proxy passes the client's headers on, so it is sent the identity headers the gateway would set.
  const identity = {
    'x-honne-user-id': 'bench-user',
    'x-honne-session-id': 'bench-session',
    'x-internal-token': secrets.INTERNAL_TOKEN,
  };
  const sides = {
    direct: { url: `${String(points.ready.url)}/points/balance`, headers: identity },
    'bare proxy': { url: `${String(bare.ready.url)}/api/v1/points/balance`, headers: identity },
    gateway: {
      url: `${String(gateway.ready.url)}/api/v1/points/balance`,
      headers: { authorization: `Bearer ${String(gateway.ready.token)}` },
    },
  };
  const runs = Object.fromEntries(
    Object.keys(sides).map((name) => [name, { rps: [] as number[], p99: [] as number[] }]),
  );
  console.log(
    `${loadBefore()}; max: autocannon, 32 connections, 4 s; fixed rate: open-loop ${RATE} req/s, 5 s; ${ROUNDS} rounds`,
  );
  for (const s of Object.values(sides)) await load(s.url, s.headers, 32, 2);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, s] of Object.entries(sides)) runs[name]!.rps.push((await load(s.url, s.headers, 32, 4)).rps);
    for (const [name, s] of Object.entries(sides)) {
      const f = await paced(s.url, s.headers, RATE, 5);
      if (f.non2xx + f.errors > 0) throw new Error(`${name}: ${f.non2xx + f.errors} failed requests`);
      runs[name]!.p99.push(f.p99);
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  for (const [name, r] of Object.entries(runs))
    console.log(
      `${name}: max ${median(r.rps).toFixed(0)} req/s (rounds ${r.rps.map((x) => x.toFixed(0)).join(', ')}); p99 at ${RATE}/s ${median(r.p99)} ms (rounds ${r.p99.join(', ')})`,
    );
} finally {
  for (const c of [bare, gateway, points]) await c.stop();
}
