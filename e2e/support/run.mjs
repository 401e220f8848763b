#!/usr/bin/env node
// Runs the journeys when Chromium is present. Without it the journeys are skipped, loudly; with
// CI=true a missing browser fails the run, so CI can never pass without running them.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: the browser journeys are SKIPPED`;
  if (process.env.CI === 'true') {
    console.error(`\n✗ ${message} — not allowed with CI=true\n`);
    process.exit(1);
  }
  console.warn(`\n\u001b[33m⚠ ${message}\u001b[0m\n`);
  process.exit(0);
}
// The app under test listens on E2E_PORT, its clock control on E2E_PORT + 1, the trace sink, the
// metrics and Prometheus on + 2, + 3, + 4. Unless told, take the first five from 18080 up that
// nothing listens on, so a busy port never fails the run.
const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
if (!process.env.E2E_PORT) {
  let port = 18080;
  const busy = async (p) => (await Promise.all([0, 1, 2, 3, 4].map((i) => listening(p + i)))).some(Boolean);
  while (await busy(port)) port += 5;
  process.env.E2E_PORT = String(port);
}
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'honne-e2e-'));
// Files named on the command line choose the pass: call journeys run in support/calls-run.mjs
// (fake microphone, loopback-only network namespace, once per transport), the rest here.
const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith('.spec.ts'));
const callFiles = files.filter((f) => /(^|\/)calls-[^/]*\.spec\.ts$/.test(f));
const otherArgs = args.filter((a) => !callFiles.includes(a));
let status = 0;
if (files.length === 0 || callFiles.length < files.length) {
  const result = spawnSync('npx', ['playwright', 'test', ...otherArgs], {
    stdio: 'inherit',
    env: { ...process.env, E2E_DATA_DIR: dataDir },
  });
  status = result.status ?? 1;
}
if (files.length === 0 || callFiles.length > 0) {
  const callArgs = args.filter((a) => !a.endsWith('.spec.ts') || callFiles.includes(a));
  const result = spawnSync('node', [path.join(import.meta.dirname, 'calls-run.mjs'), ...callArgs], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
