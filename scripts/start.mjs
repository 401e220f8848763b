#!/usr/bin/env node
// `npm start`: install and build what is out of date, then become the server (issue 31). A fresh
// clone installs and builds everything; a warm one skips both (scripts/up-to-date.mjs: content
// hashes of their inputs), so it is healthy in seconds. The server then runs in this very process —
// no chain of launchers (pnpm wrapper → npx → pnpm → sh) idles above it — and Ctrl-C or SIGTERM
// reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { BUILD_INPUTS, buildOutputs, installInputs, isStale, stamp } from './up-to-date.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pnpm = (...args) => {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'pnpm.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
};

const install = existsSync(path.join(root, 'node_modules'))
  ? isStale(root, 'install', installInputs(root))
  : { stale: true, print: undefined };
if (install.stale) {
  console.log('[start] installing dependencies (the lockfile or a package.json changed)');
  pnpm('install', '--frozen-lockfile');
  stamp(root, 'install', isStale(root, 'install', installInputs(root)).print);
} else console.log('[start] dependencies up to date');

const build = isStale(root, 'build', BUILD_INPUTS, buildOutputs(root));
if (build.stale) {
  console.log('[start] building (sources changed since the last build)');
  pnpm('run', 'build');
  stamp(root, 'build', build.print);
} else console.log('[start] build up to date');

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist', 'start-embedded.js')).href);
