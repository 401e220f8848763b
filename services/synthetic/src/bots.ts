import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  createAccountsApi,
  createApiClient,
  createRealtimeClient,
  isApiError,
  MemoryStorage,
  STORAGE_KEYS,
  type AccountsApi,
  type ApiClient,
  type RealtimeClient,
  type WebSocketFactory,
} from '@honne/api-client';
import { ROOM_TYPES, chatEndpoints } from '@honne/contracts/chat';
import { friendsEndpoints } from '@honne/contracts/friends';
import { profileEndpoints } from '@honne/contracts/profile';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { WebSocket } from 'ws';

import type { CodeReader } from './mail.ts';

/** A bot's credentials, as kept in the state file or handed over by an operator. */
export interface Credentials {
  email: string;
  password: string;
}

/** What survives a restart: the two accounts and their friend room. */
export interface BotState {
  a: Credentials;
  b: Credentials;
  room_id?: string;
}

/** A bot signed in through the gateway like the app: its API client and its real-time socket. */
export class Bot {
  readonly api: ApiClient;
  readonly accounts: AccountsApi;
  readonly events: RealtimeEvent[] = [];
  socket: RealtimeClient | undefined;
  userId = '';

  constructor(
    readonly tag: 'a' | 'b',
    readonly credentials: Credentials,
    readonly gatewayUrl: string,
  ) {
    const storage = new MemoryStorage();
    // One device per bot, the same every round (one device per user: a new id each minute would be
    // a new sign-in from a new device each time).
    storage.setItem(STORAGE_KEYS.deviceId, `synthetic-${tag}`);
    this.api = createApiClient({ baseUrl: `${gatewayUrl.replace(/\/$/, '')}/api/v1`, storage });
    this.accounts = createAccountsApi(this.api);
  }

  async signIn(): Promise<void> {
    const session = await this.accounts.login(this.credentials);
    this.userId = session.user_id;
  }

  /** Opens the socket (the app's own client) and resolves once the server said hello. */
  async connect(timeoutMs: number): Promise<void> {
    this.close();
    this.events.length = 0;
    const socket = createRealtimeClient({
      url: `${this.gatewayUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/api/v1/realtime`,
      getToken: () => this.api.session.token,
      WebSocket: WebSocket as unknown as WebSocketFactory,
      onEvent: (event) => this.events.push(event),
      onForcedLogout: () => {},
      onUnauthorized: () => {},
    });
    this.socket = socket;
    socket.start();
    await waitFor(`${this.tag}'s socket`, () => (socket.status === 'open' ? true : undefined), timeoutMs);
  }

  close(): void {
    this.socket?.stop();
    this.socket = undefined;
  }
}

/** Polls `probe` every 20 ms until it answers something; throws after `ms`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function loadState(file: string): Promise<BotState | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BotState;
  } catch {
    return undefined;
  }
}

export async function saveState(file: string, state: BotState): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(state, null, 2), { mode: 0o600 });
  await rename(tmp, file);
}

/** Made on first run: an address under the bot domain and a random password. */
export function newCredentials(tag: 'a' | 'b', domain: string): Credentials {
  return {
    email: `synthetic-${tag}-${randomUUID().slice(0, 8)}@${domain}`,
    password: `${randomBytes(9).toString('base64url')}a1`,
  };
}

/**
 * Signs the account up the way a person does: the sign-up, the code from the mail, the verify, then
 * a profile (a user without one cannot chat). Leaves the bot signed in.
 */
export async function signUp(bot: Bot, readCode: CodeReader, timeoutMs: number): Promise<void> {
  const { email, password } = bot.credentials;
  await bot.accounts.signUp({ email, confirm_email: email, password, confirm_password: password });
  const code = await waitFor(`the sign-up code mailed to ${email}`, () => readCode(email), timeoutMs);
  const session = await bot.accounts.verify({ email, verify_code: code });
  bot.userId = session.user_id;
  await bot.api.call(profileEndpoints.update, {
    body: { user_name: `synth-${bot.tag}`, gender: 1, age_id: 3, area_id: 13, is_infomation: 1 },
  });
}

/** Signs in; an account that no longer takes these credentials (the database was reset) is made anew. */
export async function signInOrUp(bot: Bot, readCode: CodeReader | undefined, timeoutMs: number): Promise<boolean> {
  try {
    await bot.signIn();
    return false;
  } catch (err) {
    const gone = isApiError(err) && [400, 401, 403, 404, 422].includes(err.status);
    if (!gone || !readCode) throw err;
  }
  await signUp(bot, readCode, timeoutMs);
  return true;
}

/**
 * The two bots become friends (each asks: a crossed request befriends at once) and get their friend
 * room, where they chat and call. Friends, not a voice: nothing the bots do shows on public screens.
 */
export async function pairUp(a: Bot, b: Bot, timeoutMs: number): Promise<string> {
  await a.api.call(friendsEndpoints.requestFriend, { body: { user_id: b.userId } });
  await b.api.call(friendsEndpoints.requestFriend, { body: { user_id: a.userId } });
  // chat learns of the friendship over the bus: the room may be refused for a moment.
  return waitFor(
    'the bots’ friend room',
    async () => {
      try {
        const { data } = await a.api.call(chatEndpoints.createRoom, {
          body: { room_type_id: ROOM_TYPES.chatFriend, user_id: b.userId },
        });
        return data.id;
      } catch (err) {
        if (isApiError(err) && err.status >= 400 && err.status < 500) return undefined;
        throw err;
      }
    },
    timeoutMs,
  );
}
