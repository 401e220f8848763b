/**
 * Issue 17: how fast the embedded app answers and how much memory it holds, idle and after a
 * fixed workload. Each variant is started twice on a fresh DATA_DIR: the first start creates the
 * database (initdb), the second is an ordinary start; idle memory, the workload and its memory
 * are measured on the second. Per process: the embedded start is one process.
 *
 *   after  — this checkout compiled: `node dist/start-embedded.js` (one PGlite, a schema per service)
 *   before — BENCH_BEFORE_DIR, a checkout of the code before (tsx, five PGlites), if set
 *
 * Workload and memory readings: lib/lean-workload.ts. The compiled services on real
 * infrastructure, one process each: lean-services.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { memory, pause, workload } from './lib/lean-workload.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Variant {
  name: string;
  cwd: string;
  argv: string[];
}

interface Figures {
  variant: string;
  firstHealthyMs: number;
  firstPeakMb: number;
  healthyMs: number;
  idleMb: number;
  afterMb: number;
  peakMb: number;
  sent: number;
  received: number;
}

const variants: Variant[] = [];
if (process.env.BENCH_BEFORE_DIR) {
  const dir = path.resolve(process.env.BENCH_BEFORE_DIR);
  variants.push({
    name: 'before (tsx, five PGlites)',
    cwd: dir,
    argv: [path.join(dir, 'node_modules', '.bin', 'tsx'), 'scripts/start-embedded.ts'],
  });
}
variants.push({
  name: 'after (compiled, one PGlite)',
  cwd: root,
  argv: [process.execPath, '--enable-source-maps', 'dist/start-embedded.js'],
});

const results: Figures[] = [];
console.log(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const variant of variants) results.push(await measure(variant));
console.log(
  '\n| variant | first start: healthy · peak | start: healthy | idle RSS | after workload RSS · peak | messages sent → received live |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.variant} | ${(r.firstHealthyMs / 1000).toFixed(1)} s · ${r.firstPeakMb} MB | ${(r.healthyMs / 1000).toFixed(1)} s | ${r.idleMb} MB | ${r.afterMb} MB · ${r.peakMb} MB | ${r.sent} → ${r.received} |`,
  );
}
console.log(
  `load average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

async function measure(variant: Variant): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lean-'));
  const port = 19000 + Math.floor(Math.random() * 500);
  try {
    console.log(`\n${variant.name}: first start (creates the database)`);
    const first = await start(variant, dataDir, port);
    const firstPeakMb = memory(first.proc.pid!).peak;
    await stop(first.proc);
    console.log(`  healthy after ${first.ms} ms, peak ${firstPeakMb} MB`);

    const second = await start(variant, dataDir, port);
    console.log(`  second start: healthy after ${second.ms} ms`);
    let idleMb: number;
    let after: { rss: number; peak: number };
    let chat: { sent: number; received: number };
    try {
      await pause(5_000); // let start-up garbage settle before reading idle memory
      idleMb = memory(second.proc.pid!).rss;
      console.log(`  idle: ${idleMb} MB`);
      chat = await workload(`http://127.0.0.1:${port}`, dataDir);
      after = memory(second.proc.pid!);
    } finally {
      await stop(second.proc);
    }
    const { sent, received } = chat;
    console.log(`  after the workload: ${after.rss} MB (peak ${after.peak} MB); ${sent} sent, ${received} received`);
    return {
      variant: variant.name,
      firstHealthyMs: first.ms,
      firstPeakMb,
      healthyMs: second.ms,
      idleMb,
      afterMb: after.rss,
      peakMb: after.peak,
      sent,
      received,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function start(variant: Variant, dataDir: string, port: number): Promise<{ proc: ChildProcess; ms: number }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.endsWith('_URL')));
  const t0 = performance.now();
  const proc = spawn(variant.argv[0]!, variant.argv.slice(1), {
    cwd: variant.cwd,
    env: {
      ...env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      // One machine plays 100 people: the per-address limits would stop it, not the app.
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_AUTH_MAX: '100000',
      GATEWAY_MAX_CONNECTIONS_PER_CLIENT: '0',
    },
    // Logs (warnings and worse) go to the bench's own output.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${variant.name} exited with ${proc.exitCode}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined);
    if (res?.status === 200) break;
    await pause(100);
  }
  return { proc, ms: Math.round(performance.now() - t0) };
}

async function stop(proc: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  await exited;
}
