/**
 * Issue 17 on real infrastructure: the compiled services (`node --enable-source-maps dist/main.js`,
 * one process each, as in the containers) on PostgreSQL, Redis and NATS (DATABASE_URL, REDIS_URL,
 * NATS_URL; LIVEKIT_* for calls). Per process: time to healthy (spawned together, each from its
 * spawn to its first 200 on /health), resident memory idle (5 s after all are healthy) and after
 * the fixed workload (lib/lean-workload.ts), and the peak.
 *
 *   source <infra env> && pnpm --filter @honne/bench bench:lean:services
 *
 * Schemas are migrated first (dist/migrate.js, as compose's one-shot containers do), so start-up
 * time is the instances' own. NODE_ENV=development only so that accounts writes verification mail
 * to its outbox (production insists on SMTP_URL); secrets are given, as production would.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { memory, pause, workload } from './lib/lean-workload.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const name of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL']) {
  if (!process.env[name]) throw new Error(`${name} is not set: source the infrastructure's env first`);
}

const SERVICES = ['accounts', 'topics', 'chat', 'calls', 'points'] as const;
const base = 19500 + Math.floor(Math.random() * 400);
const ports = Object.fromEntries(SERVICES.map((s, i) => [s, base + 1 + i])) as Record<
  (typeof SERVICES)[number],
  number
>;
const gatewayPort = base;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lean-services-'));
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(32).toString('hex'),
  // One machine plays 100 people: the per-address limits would stop it, not the app.
  RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_AUTH_MAX: '100000',
  FLOOD_LIMITS: 'off',
  GATEWAY_MAX_CONNECTIONS_PER_CLIENT: '0',
  PORT: String(gatewayPort),
  STATIC_DIR: path.join(root, 'frontends'),
  ...Object.fromEntries(
    SERVICES.flatMap((s) => [
      [`${s.toUpperCase()}_PORT`, String(ports[s])],
      [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`],
    ]),
  ),
};

console.log(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const s of SERVICES) {
  const migrated = spawnSync(process.execPath, ['dist/migrate.js'], {
    cwd: path.join(root, 'services', s),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (migrated.status !== 0) throw new Error(`${s}: dist/migrate.js exited with ${migrated.status}`);
}

interface Running {
  name: string;
  proc: ChildProcess;
  ms: number;
}

const t0 = performance.now();
const procs: Running[] = [];
try {
  const starting = [...SERVICES, 'gateway' as const].map(async (name) => {
    const proc = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: path.join(root, 'services', name),
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const running: Running = { name, proc, ms: 0 };
    procs.push(running);
    const url =
      name === 'gateway' ? `http://127.0.0.1:${gatewayPort}/api/v1/health` : `http://127.0.0.1:${ports[name]}/health`;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
      const res = await fetch(url).catch(() => undefined);
      if (res?.status === 200) break;
      await pause(50);
    }
    running.ms = Math.round(performance.now() - t0);
  });
  await Promise.all(starting);
  await pause(5_000); // let start-up garbage settle before reading idle memory
  const idle = new Map(procs.map((p) => [p.name, memory(p.proc.pid!).rss]));
  const { sent, received } = await workload(
    `http://127.0.0.1:${gatewayPort}`,
    dataDir,
    `lean-${randomBytes(4).toString('hex')}`,
  );
  console.log(`\n${sent} messages sent → ${received} received live`);
  console.log('\n| process | healthy | idle RSS | after workload RSS · peak |');
  console.log('| --- | --- | --- | --- |');
  let total = { idle: 0, after: 0 };
  for (const p of procs.sort((a, b) => a.name.localeCompare(b.name))) {
    const after = memory(p.proc.pid!);
    total = { idle: total.idle + idle.get(p.name)!, after: total.after + after.rss };
    console.log(
      `| ${p.name} | ${(p.ms / 1000).toFixed(1)} s | ${idle.get(p.name)} MB | ${after.rss} MB · ${after.peak} MB |`,
    );
  }
  console.log(
    `| all six | ${(Math.max(...procs.map((p) => p.ms)) / 1000).toFixed(1)} s | ${total.idle} MB | ${total.after} MB |`,
  );
} finally {
  await Promise.all(
    procs.map(({ proc }) => {
      if (proc.exitCode !== null) return undefined;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      return exited;
    }),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `load average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
