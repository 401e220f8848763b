/**
 * Issue 17: how fast the embedded app answers and how much memory it holds, idle and after a
 * fixed workload. Each variant is started twice on a fresh DATA_DIR: the first start creates the
 * database (initdb), the second is an ordinary start; idle memory, the workload and its memory
 * are measured on the second. Per process: the embedded start is one process.
 *
 *   after  — this checkout compiled: `node dist/start-embedded.js` (one PGlite, a schema per service)
 *   before — BENCH_BEFORE_DIR, a checkout of the code before (tsx, five PGlites), if set
 *
 * Workload: BENCH_USERS (100) sign up and verify through the gateway, fill their profile, hold a
 * real-time socket each and post a voice; half of them open a chat on the other half's voices and
 * every pair talks for BENCH_CHAT_SECONDS (60), each user sending one message every 2 s over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { WebSocket } from 'ws';

const root = fileURLToPath(new URL('..', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 100);
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const firstPeakMb = memory(first.proc).peak;
    await stop(first.proc);
    console.log(`  healthy after ${first.ms} ms, peak ${firstPeakMb} MB`);

    const second = await start(variant, dataDir, port);
    console.log(`  second start: healthy after ${second.ms} ms`);
    let idleMb: number;
    let after: { rss: number; peak: number };
    let chat: { sent: number; received: number };
    try {
      await pause(5_000); // let start-up garbage settle before reading idle memory
      idleMb = memory(second.proc).rss;
      console.log(`  idle: ${idleMb} MB`);
      chat = await workload(`http://127.0.0.1:${port}`, dataDir);
      after = memory(second.proc);
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

/** Resident memory of the process and its children (the tsx variant runs node under a tsx parent). */
function memory(proc: ChildProcess): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const pid of [proc.pid!, ...children(proc.pid!)]) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return { rss: Math.round(rss / 1024), peak: Math.round(peak / 1024) };
}

function children(pid: number): number[] {
  const direct = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return direct.flatMap((c) => [c, ...children(c)]);
}

async function workload(base: string, dataDir: string): Promise<{ sent: number; received: number }> {
  let retried = 0;
  const api = async (method: string, url: string, token?: string, body?: unknown) => {
    const send = () =>
      fetch(`${base}/api/v1${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A kept-alive connection the server closed as it was reused (seen at load average 35): once more.
    const res = await send().catch(async (err: unknown) => {
      retried++;
      console.log(`  retried ${method} ${url}: ${String(err)}`);
      return send();
    });
    const envelope = (await res.json()) as { data: unknown };
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(envelope)}`);
    return envelope.data as Record<string, string>;
  };
  const mailedCode = (to: string) => {
    const outbox = path.join(dataDir, 'outbox');
    // A mail being written is a hidden .tmp file until it is renamed.
    for (const name of readdirSync(outbox).filter((n) => n.endsWith('.json') && !n.startsWith('.'))) {
      const mail = JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; text: string };
      const code = mail.to === to ? /認証コード: (\d{6})/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    throw new Error(`no code for ${to}`);
  };
  const signUp = async (i: number) => {
    const email = `lean-${i}@example.jp`;
    const password = 'password123';
    const signup = await api('POST', '/users', undefined, {
      email,
      confirm_email: email,
      password,
      confirm_password: password,
      agree_terms: true,
    });
    const session = await api('POST', '/users/verify', undefined, {
      email,
      verify_code: mailedCode(email),
      signup_id: signup.signup_id,
      device_id: `lean-${i}`,
      device_type: 'web',
    });
    const token = session.access_token!;
    await api('PUT', '/users', token, { user_name: `u${i}`, gender: 1, age_id: 3, area_id: 13, is_infomation: 1 });
    const thread = await api('POST', '/threads/join', token, THEME);
    const voice = await api('POST', `/topics/${thread.id}`, token, {
      title: `声 ${i}`,
      sub_category_id: THEME.sub_category_id,
      area_id: THEME.area_id,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
    });
    return { token, voiceId: voice.id! };
  };

  const t0 = performance.now();
  const users: { token: string; voiceId: string }[] = [];
  for (let i = 0; i < USERS; i += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, k) => signUp(i + k)))));
  }
  console.log(`  ${USERS} signed up and posted in ${Math.round(performance.now() - t0)} ms`);

  let received = 0;
  const sockets = await Promise.all(
    users.map(
      (u) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/realtime?token=${u.token}`);
          ws.on('message', (raw) => {
            if (String(raw).includes('"message.created"')) received++;
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );

  const half = Math.floor(users.length / 2);
  const rooms: string[] = [];
  for (let i = 0; i < half; i++) {
    const room = await api('POST', '/rooms', users[half + i]!.token, {
      topic_id: users[i]!.voiceId,
      room_type_id: 2,
      is_anonymous: false,
    });
    rooms.push(room.id!);
  }
  let sent = 0;
  const until = performance.now() + CHAT_SECONDS * 1000;
  await Promise.all(
    users.slice(0, 2 * half).map(async (u, i) => {
      const room = rooms[i % half]!;
      await pause((i * 2000) / users.length); // spread the senders over the 2 s period
      for (let n = 0; performance.now() < until; n++) {
        await api('POST', '/messages', u.token, { room_id: room, message_type_id: 1, data: `こんにちは ${n}` });
        sent++;
        await pause(2000);
      }
    }),
  );
  await pause(1000); // the last live deliveries
  for (const ws of sockets) ws.close();
  if (retried) console.log(`  ${retried} requests retried after a connection error`);
  return { sent, received };
}
