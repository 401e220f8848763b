// Memory per idle authenticated real-time connection: the gateway versus a bare `ws` server, in
// the same run. Servers and clients are separate processes; the server's memory is read after a
// full GC before and after the connections open. Needs `ulimit -n` above 2 × BENCH_SOCKETS.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startChild } from './lib/child.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const KiB = 1024;

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  sockets: number;
}

async function measure(
  kind: 'gateway' | 'bare ws',
): Promise<{ kind: string; rss: number; heap: number; open: number; seconds: number }> {
  const tokensFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-ws-')), 'tokens.txt');
  const server =
    kind === 'gateway'
      ? await startChild('./gateway-server.ts', {
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(64),
          INTERNAL_TOKEN: 'y'.repeat(32),
          RATE_LIMIT_MAX: '1000000000',
          BENCH_SOCKET_USERS: String(SOCKETS),
          BENCH_TOKENS_FILE: tokensFile,
          NATS_URL: '',
          REDIS_URL: '',
        })
      : await startChild('./bare-ws-server.ts');
  const clients = await startChild('./ws-clients.ts');
  try {
    const before = await server.ask<Memory>('memory');
    const started = Date.now();
    const wsUrl = String(server.ready.url).replace(/^http/, 'ws');
    const opened = await clients.ask<{ open: number; failed: number }>('open', {
      url: wsUrl,
      count: SOCKETS,
      ...(kind === 'gateway' ? { tokensFile } : {}),
    });
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = await server.ask<Memory>('memory');
    if (opened.open !== SOCKETS || after.sockets !== SOCKETS) {
      throw new Error(
        `${kind}: ${opened.open} open on the client side, ${after.sockets} on the server, ${opened.failed} failed (ulimit -n?)`,
      );
    }
    return {
      kind,
      rss: (after.rss - before.rss) / SOCKETS,
      heap: (after.heapUsed + after.external - before.heapUsed - before.external) / SOCKETS,
      open: after.sockets,
      seconds,
    };
  } finally {
    await clients.stop();
    await server.stop();
  }
}

const results = [];
for (const kind of ['bare ws', 'gateway'] as const) results.push(await measure(kind));

console.log(
  `\n${new Date().toISOString()}: ${SOCKETS} idle connections, server memory after a full GC, per connection:\n`,
);
console.log('| server | RSS KiB/conn | heap+external KiB/conn | connect time s |');
console.log('| --- | ---: | ---: | ---: |');
for (const r of results)
  console.log(`| ${r.kind} | ${(r.rss / KiB).toFixed(1)} | ${(r.heap / KiB).toFixed(1)} | ${r.seconds.toFixed(1)} |`);
const gateway = results.find((r) => r.kind === 'gateway')!;
console.log(
  `\ngateway RSS per idle authenticated connection: ${(gateway.rss / KiB).toFixed(1)} KiB (goal ≤ 20 KiB) ${gateway.rss <= 20 * KiB ? 'MET' : 'MISSED'}`,
);
