#!/usr/bin/env node
// Runs the journeys when Chromium is present. Without it the journeys are skipped, loudly; with
// CI=true a missing browser fails the run, so CI can never pass without running them.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

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
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'honne-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
process.exit(result.status ?? 1);
