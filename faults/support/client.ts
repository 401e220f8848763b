/**
 * A simulated user, as the app behaves: requests through the load balancer (HTTP to a live
 * gateway), the app's own real-time client (packages/api-client: reconnects with backoff and
 * resumes from its last seq), and sends that retry with the same `client_id` until the server
 * answers — so a retry after an outage can never store a message twice.
 */
import { randomUUID } from 'node:crypto';

import { createRealtimeClient, type RealtimeClient, type WebSocketFactory } from '@honne/api-client';
import { REALTIME_TYPES, type RealtimeEvent, type SystemStatus } from '@honne/contracts/realtime';
import { WebSocket } from 'ws';

import type { AnyStack, GatewayProcess } from './stack.ts';

/** Text messages the user received live, in arrival order, with when. */
export interface Received {
  data: string;
  id: string;
  at: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what = '',
  ) {
    super(`${what ? `${what}: ` : ''}HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

const THEME = { area_id: 13, category_id: 5, sub_category_id: 22 };
/** No answer (0: the connection failed, e.g. its gateway died), a 5xx, or 429: the app tries again. */
export const retryable = (status: number) => status === 0 || status >= 500 || status === 429;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class User {
  readonly received: Received[] = [];
  /** Socket statuses as they changed (open, reconnecting…), with when. */
  readonly statuses: { status: string; at: number }[] = [];
  realtime: RealtimeClient | undefined;
  /** The gateway's `system.status` frames (what it lost, what came back), in arrival order. */
  readonly systemStatuses: SystemStatus[] = [];
  readonly #systemWaiters = new Set<(status: SystemStatus) => void>();

  private constructor(
    readonly stack: AnyStack,
    readonly email: string,
    readonly userId: string,
    readonly token: string,
  ) {}

  /** Signs up and verifies through the gateway, fills the profile. */
  static async signUp(stack: AnyStack, tag: string): Promise<User> {
    const email = `${tag}-${randomUUID().slice(0, 8)}@example.jp`;
    const password = 'password123';
    const signup = (await request(stack, 'POST', '/users', undefined, {
      email,
      confirm_email: email,
      password,
      confirm_password: password,
      agree_terms: true,
    })) as { signup_id: string };
    const code = stack.codeFor(email);
    if (!code) throw new Error(`no sign-up code mailed to ${email}`);
    const session = (await request(stack, 'POST', '/users/verify', undefined, {
      email,
      verify_code: code,
      device_id: `faults-${tag}`,
      device_type: 'web',
      signup_id: signup.signup_id,
    })) as { access_token: string; user_id: string };
    const user = new User(stack, email, session.user_id, session.access_token);
    await user.call('PUT', '/users', {
      user_name: tag.slice(0, 10),
      gender: 1,
      age_id: 3,
      area_id: 13,
      is_infomation: 1,
    });
    return user;
  }

  call(method: string, url: string, body?: unknown): Promise<unknown> {
    return request(this.stack, method, url, this.token, body);
  }

  /**
   * Opens the app's real-time client; resolves once its first socket is open. The socket goes to
   * `gateway` while it lives, then (reconnecting) to any live one, as behind a load balancer.
   */
  async connect(gateway: GatewayProcess): Promise<void> {
    const stack = this.stack;
    class Balanced extends WebSocket {
      constructor(url: string) {
        const target = new URL(url);
        const live = new URL(gateway.alive ? gateway.url : stack.gatewayUrl());
        target.host = live.host;
        super(target.toString(), { perMessageDeflate: false });
      }
    }
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    this.realtime = createRealtimeClient({
      url: stack.gatewayUrl().replace(/^http/, 'ws') + '/api/v1/realtime',
      getToken: () => this.token,
      WebSocket: Balanced as unknown as WebSocketFactory,
      onEvent: (event) => this.#onEvent(event),
      onForcedLogout: () => this.statuses.push({ status: 'forced_logout', at: performance.now() }),
      onUnauthorized: () => this.statuses.push({ status: 'unauthorized', at: performance.now() }),
      onResync: (reason) => this.statuses.push({ status: `resync:${reason}`, at: performance.now() }),
      onStatus: (status) => {
        this.statuses.push({ status, at: performance.now() });
        if (status === 'open') opened();
      },
    });
    this.realtime.start();
    await open;
    // The first hello has been handled once a ping is answered; a short wait for it is enough here.
    await this.#helloSeen();
  }

  async #helloSeen(): Promise<void> {
    while (this.realtime?.lastSeq === null) await pause(10);
  }

  /** Resolves with the first `system.status` frame from now on that `matches` (an event, not a poll). */
  nextSystemStatus(matches: (status: SystemStatus) => boolean, timeoutMs = 30_000): Promise<SystemStatus> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#systemWaiters.delete(waiter);
        reject(new Error(`no matching system.status within ${timeoutMs} ms: ${JSON.stringify(this.systemStatuses)}`));
      }, timeoutMs);
      const waiter = (status: SystemStatus) => {
        if (!matches(status)) return;
        clearTimeout(timer);
        this.#systemWaiters.delete(waiter);
        resolve(status);
      };
      this.#systemWaiters.add(waiter);
    });
  }

  #onEvent(event: RealtimeEvent): void {
    if (event.type === REALTIME_TYPES.systemStatus) {
      const status = event.data as SystemStatus;
      this.systemStatuses.push(status);
      for (const waiter of [...this.#systemWaiters]) waiter(status);
      return;
    }
    if (event.type !== 'message.created') return;
    const message = event.data as { id: string; data: string; user_id: string | null };
    if (message.user_id === this.userId) return;
    this.received.push({ data: message.data, id: message.id, at: performance.now() });
  }

  /**
   * Sends a text message, retrying with the same client id while the server is unreachable or
   * answers 5xx (as the chat screen's resend does). Answers the message's status and how many tries it took.
   */
  async send(roomId: string, data: string): Promise<{ status: string; tries: number }> {
    const clientId = randomUUID();
    for (let tries = 1; ; tries++) {
      try {
        const message = (await this.call('POST', '/messages', {
          room_id: roomId,
          message_type_id: 1,
          data,
          client_id: clientId,
        })) as { status: string };
        return { status: message.status, tries };
      } catch (err) {
        if (err instanceof ApiError && !retryable(err.status)) throw err;
        if (tries >= 200) throw err;
        await pause(Math.min(1000, 100 * tries));
      }
    }
  }

  /** Every message of a room as this user's history shows it (oldest first). */
  async history(roomId: string): Promise<{ id: string; data: string }[]> {
    const page = (await this.call('GET', `/rooms/${roomId}/messages?per_page=1000`)) as {
      id: string;
      data: string;
    }[];
    return [...page].reverse();
  }

  stop(): void {
    this.realtime?.stop();
  }
}

/** One request through a live gateway; the envelope's data, or an ApiError. A network failure throws too (status 0). */
export async function request(
  stack: Pick<AnyStack, 'gatewayUrl'>,
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${stack.gatewayUrl()}/api/v1${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new ApiError(0, String(err), `${method} ${url}`);
  }
  const envelope = (await res.json().catch(() => ({}))) as { data?: unknown };
  if (res.status !== 200) throw new ApiError(res.status, envelope, `${method} ${url}`);
  return envelope.data;
}

/** `owner`'s voice in the theme (as `extra` says), and `other` joined to the theme: its id. */
export async function voiceFor(owner: User, other: User, extra: object = {}): Promise<string> {
  const thread = (await owner.call('POST', '/threads/join', THEME)) as { id: string };
  const voice = (await owner.call('POST', `/topics/${thread.id}`, {
    title: 'ちょっと聞いて',
    sub_category_id: THEME.sub_category_id,
    area_id: THEME.area_id,
    expire_after_minute: 10,
    chat_price: 0,
    call_price: 0,
    ...extra,
  })) as { id: string };
  await other.call('POST', '/threads/join', THEME);
  return voice.id;
}

/** A voice by `owner` and the room `other` opens on it: their conversation. */
export async function conversation(owner: User, other: User): Promise<string> {
  const room = (await other.call('POST', '/rooms', {
    topic_id: await voiceFor(owner, other),
    room_type_id: 2,
    is_anonymous: false,
  })) as { id: string };
  return room.id;
}
