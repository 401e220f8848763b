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
// The app under test listens on E2E_PORT and its clock control on E2E_PORT + 1. Unless told, take
// the first pair from 18080 up that nothing listens on, so a busy port never fails the run.
const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
if (!process.env.E2E_PORT) {
  let port = 18080;
  while ((await listening(port)) || (await listening(port + 1))) port += 2;
  process.env.E2E_PORT = String(port);
}
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'honne-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
process.exit(result.status ?? 1);
