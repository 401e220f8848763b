/**
 * What the compose smoke journeys share (faults/compose/journey.ts): the stack's base URL, the API
 * through the proxy, sign-up with the mailed code, and a person's raw real-time socket.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { WebSocket } from 'ws';

import { request } from '../support/client.ts';

export const BASE = process.env.SMOKE_URL ?? 'http://127.0.0.1:8080';
const MAIL_CMD = process.env.SMOKE_MAIL_CMD ?? 'docker compose logs --no-color mailpit';
export const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };
const started = performance.now();

export const step = (what: string) =>
  console.log(`[smoke] ${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s ${what}`);
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers something, or fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(200);
  }
}

/** The API through the stack's proxy: faults' own request(), on the smoke's one base URL. */
export const api = <T = Record<string, string>>(method: string, path: string, token?: string, body?: unknown) =>
  request({ gatewayUrl: () => BASE }, method, path, token, body) as Promise<T>;

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

export interface Frame {
  type: string;
  /** message.created: the message (its text in `data`); command.result: `{ref, status, body}`. */
  data: { ref?: string; data?: unknown; status?: number; body?: unknown };
}

/** A signed-in person with a real-time socket through the proxy. */
export class Person {
  frames: Frame[] = [];
  gateway = '';
  ws: WebSocket | undefined;
  constructor(
    readonly tag: string,
    readonly token: string,
    readonly userId: string,
    readonly email = '',
    readonly password = '',
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
    const person = new Person(tag, session.access_token, session.user_id, email, password);
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
