// The synthetic user against the whole app as `pnpm start` runs it (scripts/start-embedded.ts, a
// child process on free ports): the first round signs the bots up with the mailed codes, makes
// them friends and gets through every step; the next one reuses the accounts; a round that cannot
// sign in says so on /metrics.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { metricsText } from '@honne/service-kit';
import { freePort } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboxCodes, runRound, STEPS } from '../src/round.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'honne-synthetic-'));
const stateFile = path.join(dataDir, 'synthetic', 'bots.json');
let app: ChildProcess;
let gatewayUrl = '';

/** The app all in one process on PGlite, even where the run's servers are named (CI): nothing shared. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(DATABASE|NATS|REDIS|S3|LIVEKIT|OTEL)_/.test(name)) delete env[name];
  return env;
}

const gauge = async (step: string) =>
  Number(new RegExp(`^honne_synthetic_success\\{step="${step}"\\} (\\d)$`, 'm').exec(await metricsText())?.[1]);

beforeAll(async () => {
  const port = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  app = spawn('npx', ['tsx', path.join(root, 'scripts', 'start-embedded.ts')], {
    cwd: root,
    env: { ...embeddedEnv(), PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    const up = await fetch(`${gatewayUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || app.exitCode !== null) throw new Error('the embedded app did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(async () => {
  if (app?.pid && app.exitCode === null) {
    const exited = new Promise((r) => app.once('exit', r));
    process.kill(-app.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the synthetic user', () => {
  const outbox = path.join(dataDir, 'outbox');
  const mails = () => readdirSync(outbox).filter((n) => n.endsWith('.json')).length;

  it('signs its bots up on the first round, then messages both ways and connects a call', async () => {
    const results = await runRound({ gatewayUrl, stateFile, readCode: outboxCodes(outbox) });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.step)).toEqual([...STEPS]);
    for (const step of STEPS) expect(await gauge(step)).toBe(1);
    const text = await metricsText();
    expect(text).toMatch(/^honne_synthetic_step_seconds_count\{step="message_there"\} 1$/m);
    expect(text).toMatch(/^honne_synthetic_step_seconds_count\{step="call_connected"\} 1$/m);
    expect(mails()).toBe(2); // one sign-up code for each bot
  });

  it('reuses the same accounts and room on the next round (no new sign-up)', async () => {
    const results = await runRound({ gatewayUrl, stateFile, readCode: outboxCodes(outbox) });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(mails()).toBe(2);
    expect(await metricsText()).toMatch(/^honne_synthetic_step_seconds_count\{step="overall"\} 2$/m);
  });

  it('reports 0 for the round and every step it could not reach when the bots cannot sign in', async () => {
    const wrong = path.join(dataDir, 'wrong.json');
    const ghost = { email: 'nobody@synthetic.honne.local', password: 'not-the-password-1' };
    writeFileSync(wrong, JSON.stringify({ a: ghost, b: ghost }));
    // No way to read codes: the bots cannot be made again, so sign-in fails.
    const results = await runRound({ gatewayUrl, stateFile: wrong, stepTimeoutMs: 3_000 });
    expect(results.find((r) => r.step === 'sign_in')?.ok).toBe(false);
    for (const step of STEPS) expect(await gauge(step)).toBe(0);
  });
});
