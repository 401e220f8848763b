/**
 * The fixed workload of issue 17's benches (lean-start.ts: the embedded app; lean-services.ts:
 * the compiled services on PostgreSQL/Redis/NATS) and how they read a process's memory.
 *
 * Workload: BENCH_USERS (100) sign up and verify through the gateway, fill their profile, hold a
 * real-time socket each and post a voice; half of them open a chat on the other half's voices and
 * every pair talks for BENCH_CHAT_SECONDS (60), each user sending one message every 2 s over HTTP.
 * Verification codes are read from accounts' outbox under `dataDir` (no SMTP_URL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { WebSocket } from 'ws';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory (now and peak, MB) of a process and its children (a tsx parent runs node). */
export function memory(pid: number): { rss: number; peak: number } {
  let rss = 0;
  let peak = 0;
  for (const each of [pid, ...children(pid)]) {
    const status = readFileSync(`/proc/${each}/status`, 'utf8');
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

/** `emails`: the sign-ups' addresses are `${emails}-${i}@example.jp` (unique per run on a database that is kept). */
export async function workload(
  base: string,
  dataDir: string,
  emails = 'lean',
): Promise<{ sent: number; received: number }> {
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
    const email = `${emails}-${i}@example.jp`;
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
      device_id: `${emails}-${i}`,
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
