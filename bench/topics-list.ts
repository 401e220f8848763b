// GET /topics for one theme with 10,000 live voices: straight to the topics service and through
// the gateway, as fast as it goes and at a steady 200 req/s, plus the query plan on PostgreSQL.
// Each server is its own process; the load generator runs here. Needs DATABASE_URL for the plan
// to mean anything (without it the service runs on PGlite and the figures say so).
import { randomBytes } from 'node:crypto';
import os from 'node:os';

import { startChild } from './lib/child.ts';
import { load, paced, type Figures } from './lib/http-load.ts';
import { loadBefore } from './lib/load-average.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RATE = Number(process.env.BENCH_RATE ?? 200);

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
};

const max = (url: string, headers: Record<string, string>, durationS = DURATION_S) =>
  load(url, headers, CONNECTIONS, durationS);
const steady = (url: string, headers: Record<string, string>) => paced(url, headers, RATE, DURATION_S);

const topics = await startChild('../topics-server.ts', secrets);
const gateway = await startChild('./gateway-server.ts', {
  ...secrets,
  TOPICS_URL: String(topics.ready.url),
  RATE_LIMIT_MAX: '1000000000',
}).catch(async (err: unknown) => {
  await topics.stop();
  throw err;
});
try {
  const threadId = String(topics.ready.threadId);
  const direct = {
    base: String(topics.ready.url),
    headers: {
      'x-honne-user-id': 'bench-user',
      'x-honne-session-id': 'bench-session',
      'x-internal-token': secrets.INTERNAL_TOKEN,
    },
  };
  const viaGateway = {
    base: `${String(gateway.ready.url)}/api/v1`,
    headers: { authorization: `Bearer ${String(gateway.ready.token)}` },
  };

  // A cursor deep in the list (page 100 of 334), to show keyset paging costs the same everywhere.
  let cursor = '';
  for (let page = 0; page < 100; page++) {
    const res = await fetch(`${direct.base}/topics?thread_id=${threadId}${cursor ? `&last_doc_id=${cursor}` : ''}`, {
      headers: direct.headers,
    });
    const body = (await res.json()) as { data: unknown[]; last_doc_id: string };
    if (res.status !== 200 || body.data.length !== 30) throw new Error(`page ${page}: ${res.status}`);
    cursor = body.last_doc_id;
  }
  const scenarios = [
    { name: 'first page', query: `thread_id=${threadId}` },
    { name: 'page 101 (last_doc_id)', query: `thread_id=${threadId}&last_doc_id=${cursor}` },
    { name: 'gender + age filter', query: `thread_id=${threadId}&gender=2&age_id=2` },
  ];
  for (const s of scenarios) {
    for (const t of [direct, viaGateway]) {
      const res = await fetch(`${t.base}/topics?${s.query}`, { headers: t.headers });
      const body = (await res.json()) as { data: unknown[] };
      if (res.status !== 200 || body.data.length !== 30) throw new Error(`${s.name} via ${t.base}: ${res.status}`);
    }
  }

  console.log(`${loadBefore()} (${os.cpus().length} cores)`);
  console.log(
    `topics db: ${String(topics.ready.db)}; ${String(topics.ready.voices)} live voices in the theme, ${String(topics.ready.otherVoices)} in 9 other themes; 30 per page`,
  );
  console.log(
    `max: autocannon, ${CONNECTIONS} connections; steady: open-loop ${RATE} req/s; ${DURATION_S} s per run after a 2 s warm-up\n`,
  );

  await max(`${direct.base}/topics?${scenarios[0]!.query}`, direct.headers, 2);
  await max(`${viaGateway.base}/topics?${scenarios[0]!.query}`, viaGateway.headers, 2);

  console.log('| request | path | load | req/s | p50 ms | p99 ms | non-2xx + errors |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  const row = (s: string, p: string, l: string, f: Figures) =>
    console.log(`| ${s} | ${p} | ${l} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.non2xx + f.errors} |`);
  for (const s of scenarios) {
    for (const [label, t] of [
      ['direct', direct],
      ['gateway', viaGateway],
    ] as const) {
      const url = `${t.base}/topics?${s.query}`;
      if (s === scenarios[0]) row(s.name, label, 'max', await max(url, t.headers));
      row(s.name, label, `${RATE}/s`, await steady(url, t.headers));
    }
  }

  if (topics.ready.db === 'postgresql') {
    for (const [name, query] of [
      ['first page', {}],
      ['page 101', { last_doc_id: cursor }],
      ['gender + age filter', { gender: '2', age_id: '2' }],
    ] as const) {
      const { plan } = await topics.ask<{ plan: string }>('explain', { query });
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${name}:\n${plan}`);
    }
  }
} finally {
  await gateway.stop();
  await topics.stop();
}
