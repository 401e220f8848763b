/**
 * The compose stack's smoke journey, through its one published port only (infra/smoke/run.sh
 * starts the stack and runs this): two people sign up and verify with the code the stack mailed,
 * one posts a voice, the other opens a chat on it, and a message sent over one's real-time socket
 * arrives on the other's. With SMOKE_GATEWAYS=2 the two sockets must be held by different gateway
 * instances (the proxy says which in X-Honne-Gateway), so the message crosses NATS between them;
 * with SMOKE_TERM_CMD a chat instance gets SIGTERM mid-stream and no accepted message is lost.
 *
 *   SMOKE_URL=http://127.0.0.1:PORT SMOKE_MAIL_CMD='docker-compose … logs --no-color mailpit' npx tsx faults/compose/journey.ts
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { WebSocket } from 'ws';

const BASE = process.env.SMOKE_URL ?? 'http://127.0.0.1:8080';
const MAIL_CMD = process.env.SMOKE_MAIL_CMD ?? 'docker compose logs --no-color mailpit';
const GATEWAYS = Number(process.env.SMOKE_GATEWAYS ?? '1');
/** A shell command that sends SIGTERM to one chat container (scaled run): sent mid-stream of messages. */
const TERM_CMD = process.env.SMOKE_TERM_CMD;
const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };
const started = performance.now();

const step = (what: string) =>
  console.log(`[smoke] ${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s ${what}`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers something, or fails after `ms`. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(200);
  }
}

async function api<T = Record<string, string>>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const envelope = (await res.json().catch(() => ({}))) as { data?: unknown };
  if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

/** The sign-up code the stack mailed to `email`, read from the SMTP sink's JSON lines. */
function mailedCode(email: string): string | undefined {
  const lines = execSync(MAIL_CMD, { encoding: 'utf8', maxBuffer: 16 << 20 }).split('\n');
  for (const line of lines.reverse()) {
    const json = line.slice(line.indexOf('{'));
    if (!json.startsWith('{"mail"')) continue;
    const { mail } = JSON.parse(json) as { mail: { to: string[]; text: string } };
    if (mail.to.includes(email)) return /認証コード: (\d{6})/.exec(mail.text)?.[1];
  }
  return undefined;
}

interface Frame {
  type: string;
  /** message.created: the message (its text in `data`); command.result: `{ref, status, body}`. */
  data: { ref?: string; data?: unknown; status?: number; body?: unknown };
}

/** A signed-in person with a real-time socket through the proxy. */
class Person {
  frames: Frame[] = [];
  gateway = '';
  ws: WebSocket | undefined;
  constructor(
    readonly tag: string,
    readonly token: string,
    readonly userId: string,
  ) {}

  static async signUp(tag: string): Promise<Person> {
    const email = `${tag}-${randomUUID().slice(0, 8)}@example.jp`;
    const password = 'password123';
    const signup = await api<{ signup_id: string }>('POST', '/users', undefined, {
      email,
      confirm_email: email,
      password,
      confirm_password: password,
      agree_terms: true,
    });
    const code = await until(`the sign-up mail to ${email}`, () => mailedCode(email));
    const session = await api<{ access_token: string; user_id: string }>('POST', '/users/verify', undefined, {
      email,
      verify_code: code,
      device_id: `smoke-${tag}`,
      device_type: 'web',
      signup_id: signup.signup_id,
    });
    const person = new Person(tag, session.access_token, session.user_id);
    await api('PUT', '/users', person.token, { user_name: tag, gender: 1, age_id: 3, area_id: 13, is_infomation: 1 });
    step(`${tag} signed up and verified with the mailed code (${email})`);
    return person;
  }

  /** Opens the socket; resolves on the server's hello, with the gateway instance that holds it. */
  async connect(): Promise<void> {
    this.ws?.close();
    this.frames = [];
    const ws = new WebSocket(`${BASE.replace(/^http/, 'ws')}/api/v1/realtime?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    ws.on('upgrade', (res) => (this.gateway = String(res.headers['x-honne-gateway'] ?? '')));
    ws.on('message', (raw) => this.frames.push(JSON.parse(String(raw)) as Frame));
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    await until(`${this.tag}'s hello`, () => this.frames.find((f) => f.type === 'hello'));
  }

  /** Sends over the socket (the `message.send` command); resolves with the command's result. */
  async sendOverSocket(roomId: string, data: string): Promise<{ status?: number; body?: unknown }> {
    const ref = randomUUID();
    this.ws!.send(
      JSON.stringify({
        type: 'command',
        ref,
        name: 'message.send',
        body: { room_id: roomId, message_type_id: 1, data, client_id: randomUUID() },
      }),
    );
    return until(
      'the command result',
      () => this.frames.find((f) => f.type === 'command.result' && f.data.ref === ref)?.data,
    );
  }
}

/**
 * A chat instance gets SIGTERM while messages stream in: every message the server accepted (200)
 * is in the room's history exactly once and arrived on the other socket. The sender retries a
 * failed send with the same client_id, as the chat screen does, so a retry never doubles it.
 */
async function termMidChat(from: Person, to: Person, roomId: string): Promise<void> {
  const texts = Array.from({ length: 30 }, (_, i) => `ストリーム ${i}`);
  let termed = false;
  let retries = 0;
  for (const [i, text] of texts.entries()) {
    if (i === 10) {
      execSync(TERM_CMD!, { stdio: 'ignore' });
      termed = true;
      step(`SIGTERM sent to a chat instance after ${i} accepted messages`);
    }
    const clientId = randomUUID();
    for (let tries = 1; ; tries++) {
      try {
        await api('POST', '/messages', from.token, {
          room_id: roomId,
          message_type_id: 1,
          data: text,
          client_id: clientId,
        });
        break;
      } catch (err) {
        if (tries >= 50 || !/HTTP (0|5\d\d|429)|fetch failed|timeout/i.test(String(err))) throw err;
        retries++;
        await pause(200);
      }
    }
  }
  if (!termed) throw new Error('SIGTERM was never sent');
  const history = ((await api('GET', `/rooms/${roomId}/messages?per_page=1000`, from.token)) as { data: string }[]).map(
    (m) => m.data,
  );
  for (const text of texts) {
    const copies = history.filter((d) => d === text).length;
    if (copies !== 1) throw new Error(`"${text}" is in the history ${copies} times`);
  }
  await until('every streamed message on the other socket', () =>
    texts.every((t) => to.frames.some((f) => f.type === 'message.created' && f.data?.data === t)) ? true : undefined,
  );
  step(
    `${texts.length} messages accepted across the SIGTERM (${retries} retried sends): each stored once and delivered`,
  );
}

async function main() {
  step(`against ${BASE} (${GATEWAYS} gateway instance${GATEWAYS > 1 ? 's' : ''})`);
  await until('GET /api/v1/health', () =>
    fetch(`${BASE}/api/v1/health`).then(
      (r) => (r.ok ? true : undefined),
      () => undefined,
    ),
  );
  const owner = await Person.signUp('owner');
  const guest = await Person.signUp('guest');

  await owner.connect();
  await guest.connect();
  if (GATEWAYS > 1) {
    // The proxy spreads connections; reconnect the guest until another instance holds its socket.
    for (let i = 0; guest.gateway === owner.gateway && i < 20; i++) await guest.connect();
    if (!owner.gateway || guest.gateway === owner.gateway) {
      throw new Error(`both sockets on one gateway (${owner.gateway || 'unknown'}): the proxy does not spread them`);
    }
  }
  step(`sockets open: owner on gateway ${owner.gateway || '?'}, guest on ${guest.gateway || '?'}`);

  const thread = await api<{ id: string }>('POST', '/threads/join', owner.token, THEME);
  const voice = await api<{ id: string }>('POST', `/topics/${thread.id}`, owner.token, {
    title: 'コンテナから聞いて',
    sub_category_id: THEME.sub_category_id,
    area_id: THEME.area_id,
    expire_after_minute: 10,
    chat_price: 0,
    call_price: 0,
  });
  step(`owner posted a voice (${voice.id})`);
  await api('POST', '/threads/join', guest.token, THEME);
  const room = await api<{ id: string }>('POST', '/rooms', guest.token, {
    topic_id: voice.id,
    room_type_id: 2,
    is_anonymous: false,
  });
  step(`guest opened a chat on it (room ${room.id})`);

  for (const [from, to, text] of [
    [guest, owner, 'はじめまして'],
    [owner, guest, 'ようこそ'],
  ] as const) {
    const result = await from.sendOverSocket(room.id, text);
    if (result.status !== 200)
      throw new Error(`message.send answered ${result.status}: ${JSON.stringify(result.body)}`);
    const arrived = await until(`"${text}" on ${to.tag}'s socket`, () =>
      to.frames.find((f) => f.type === 'message.created' && f.data?.data === text),
    );
    step(`${from.tag} → ${to.tag}: "${arrived.data.data}" arrived over the socket (${from.gateway} → ${to.gateway})`);
  }
  if (TERM_CMD) await termMidChat(guest, owner, room.id);
  owner.ws?.close();
  guest.ws?.close();
  step('journey passed');
}

main().catch((err) => {
  console.error(`[smoke] FAILED: ${(err as Error).message}`);
  process.exit(1);
});
