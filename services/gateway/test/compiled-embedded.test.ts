/**
 * The compiled build is what runs (`npm start`, the containers), so it is tested too: this
 * bundles the embedded start with the same script as `pnpm build` (scripts/build-server.mjs),
 * starts it with plain `node` — no tsx, no TypeScript — and goes through its gateway as a person
 * would: sign up, verify, log in, post a voice, read it back. Embedded defaults only (one PGlite,
 * in-process bus): the real-infrastructure modes are the other suites' and faults/'.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { freePort } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };

describe('the compiled embedded start (dist/start-embedded.js under plain node)', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'honne-compiled-'));
  const dataDir = path.join(work, 'data');
  let app: ChildProcess | undefined;
  let base = '';
  let output = '';
  let outdir = '';

  beforeAll(async () => {
    // Inside the repository, as `pnpm build` puts it: sharp (native, not bundled) resolves from there.
    mkdirSync(path.join(root, 'dist'), { recursive: true });
    outdir = mkdtempSync(path.join(root, 'dist', 'compiled-test-'));
    await promisify(execFile)(
      process.execPath,
      [path.join(root, 'scripts', 'build-server.mjs'), outdir, path.join(root, 'scripts', 'start-embedded.ts')],
      { cwd: root },
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api/v1`;
    // The embedded defaults, whatever servers this test run has: no *_URL (nor LiveKit's key and
    // secret: a LiveKit half configured is refused) reaches the app.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.endsWith('_URL') && !k.startsWith('LIVEKIT_')),
    );
    app = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'start-embedded.js')], {
      cwd: work,
      env: { ...env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The launcher prints its address once every service listens (or exits on a failed start).
    await new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('honne（本音）→')) resolve();
      };
      app!.stdout!.on('data', seen);
      app!.stderr!.on('data', seen);
      app!.once('exit', (code) => reject(new Error(`the compiled start exited (${code}):\n${output}`)));
    });
  }, 180_000);

  afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it('answers health for the gateway and every service', async () => {
    const health = (await call('GET', '/health')) as { status: string; services: Record<string, { status: string }> };
    expect(health.status).toBe('ok');
    expect(Object.keys(health.services).sort()).toEqual(['accounts', 'calls', 'chat', 'points', 'safety', 'topics']);
    expect(Object.values(health.services).map((s) => s.status)).toEqual(Array(6).fill('ok'));
  });

  it('signs a person up, logs them in and shows the voice they post', async () => {
    const email = `compiled-${Date.now()}@example.jp`;
    const password = 'password123';
    const device = { device_id: 'compiled-smoke', device_type: 'web' };
    const signup = (await call('POST', '/users', undefined, {
      email,
      confirm_email: email,
      password,
      confirm_password: password,
      agree_terms: true,
    })) as { signup_id: string };
    const verified = (await call('POST', '/users/verify', undefined, {
      email,
      verify_code: mailedCode(email),
      signup_id: signup.signup_id,
      ...device,
    })) as { access_token: string; user_id: string };
    await call('PUT', '/users', verified.access_token, {
      user_name: 'コンパイル',
      gender: 1,
      age_id: 3,
      area_id: 13,
      is_infomation: 1,
    });

    const session = (await call('POST', '/users/login', undefined, { email, password, ...device })) as {
      access_token: string;
    };
    const token = session.access_token;
    const thread = (await call('POST', '/threads/join', token, THEME)) as { id: string };
    const voice = (await call('POST', `/topics/${thread.id}`, token, {
      title: 'ビルドしたアプリから',
      sub_category_id: THEME.sub_category_id,
      area_id: THEME.area_id,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
    })) as { id: string; title: string };
    expect(voice.title).toBe('ビルドしたアプリから');

    const mine = (await call('GET', `/users/topics?thread_id=${thread.id}`, token)) as {
      id: string;
      user_id: string;
    }[];
    expect(mine.map((t) => [t.id, t.user_id])).toEqual([[voice.id, verified.user_id]]);
    // The verify's session ended when the same device logged in again.
    await expect(call('GET', `/users/topics?thread_id=${thread.id}`, verified.access_token)).rejects.toThrow(
      /HTTP 401/,
    );
  });

  async function call(method: string, url: string, token?: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { data: unknown };
    if (res.status !== 200) throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  /** Outside production the app writes mail to DATA_DIR/outbox, one JSON file each. */
  function mailedCode(to: string): string {
    const outbox = path.join(dataDir, 'outbox');
    // A mail being written is a hidden .tmp file until it is renamed.
    for (const name of readdirSync(outbox).filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
      const mail = JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; text: string };
      const code = mail.to === to ? /認証コード: (\d{6})/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    throw new Error(`no sign-up code mailed to ${to}`);
  }
});
