#!/usr/bin/env node
// Runs the pinned pnpm through npx so a fresh machine needs only Node: corepack cannot verify the
// registry's signatures here (see README), and nothing may be installed by hand.
import { spawnSync } from 'node:child_process';

const PNPM = 'pnpm@10.34.9';
const inPnpm = (process.env.npm_config_user_agent ?? '').startsWith('pnpm/10.34.9');
const [cmd, args] =
  inPnpm && process.env.npm_execpath
    ? [process.execPath, [process.env.npm_execpath, ...process.argv.slice(2)]]
    : ['npx', ['--yes', PNPM, ...process.argv.slice(2)]];
const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, npm_config_update_notifier: 'false' } });
process.exit(result.status ?? 1);
