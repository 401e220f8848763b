/**
 * The compose stack's smoke journey, through its one published port only (infra/smoke/run.sh
 * starts the stack and runs this): two people sign up and verify with the code the stack mailed,
 * one posts a voice, the other opens a chat on it, and a message sent over one's real-time socket
 * arrives on the other's. With SMOKE_GATEWAYS=2 the two sockets must be held by different gateway
 * instances (the proxy says which in X-Honne-Gateway), so the message crosses NATS between them;
 * with SMOKE_TERM_CMD a chat instance gets SIGTERM mid-stream and no accepted message is lost;
 * with SMOKE_GATEWAY_TERM_CMD the gateway instance holding a socket does (gateway-term.ts). At the
 * end (limits.ts): with SMOKE_PROXY_EXEC, wrong passwords from inside the proxy's container lock
 * that source out and not the owner; with two gateways, one user's sockets stay within the cap.
 * Last, with SMOKE_ROLL_CMDS (the swarm stack), each rolling update runs while the two talk (rolling.ts).
 *
 *   SMOKE_URL=http://127.0.0.1:PORT SMOKE_MAIL_CMD='docker-compose … logs --no-color mailpit' npx tsx faults/compose/journey.ts
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { ApiError, retryable } from '../support/client.ts';
import { termGatewayMidChat } from './gateway-term.ts';
import { attackerDoesNotLockOwnerOut, socketCapAcrossGateways } from './limits.ts';
import { rollUnderTraffic } from './rolling.ts';
import { api, BASE, pause, Person, step, THEME, until } from './smoke-kit.ts';

const GATEWAYS = Number(process.env.SMOKE_GATEWAYS ?? '1');
/** A shell command that sends SIGTERM to one chat container (scaled run): sent mid-stream of messages. */
const TERM_CMD = process.env.SMOKE_TERM_CMD;
/** What TERM_CMD stops, for the log (a chat instance, or one of the NATS cluster's servers). */
const TERM_WHAT = process.env.SMOKE_TERM_WHAT || 'a chat instance';
/**
 * A shell command that sends SIGTERM to the gateway instance whose address it is given (scaled
 * run): sent while a person's socket on that instance is mid-conversation (gateway-term.ts).
 */
const GATEWAY_TERM_CMD = process.env.SMOKE_GATEWAY_TERM_CMD;
/** The VAPID public key the stack's accounts was given (GET /push must answer it). */
const VAPID_PUBLIC_KEY = process.env.SMOKE_VAPID_PUBLIC_KEY;
/** Rolling updates to run under traffic, in order: JSON `{"what it updates": "shell command"}`. */
const ROLL_CMDS = JSON.parse(process.env.SMOKE_ROLL_CMDS || '{}') as Record<string, string>;

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
      step(`stopped ${TERM_WHAT} after ${i} accepted messages`);
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
        if (tries >= 50 || !(err instanceof ApiError && retryable(err.status))) throw err;
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
  step(`${texts.length} messages accepted across the stop (${retries} retried sends): each stored once and delivered`);
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
  if (VAPID_PUBLIC_KEY) {
    // accounts got the stack's VAPID keys from compose: push is on, with that key.
    const push = await api<{ public_key: string | null }>('GET', '/push', owner.token);
    if (push.public_key !== VAPID_PUBLIC_KEY) throw new Error(`GET /push answered key ${push.public_key}`);
    step('push is on: accounts hands out the VAPID key compose passed it');
  }

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
  if (GATEWAY_TERM_CMD) await termGatewayMidChat(guest, owner, room.id, GATEWAY_TERM_CMD);
  owner.ws?.close();
  guest.ws?.close();
  // Once each: the lock-out on the single stack, the cap on the scaled one (before any gateway is stopped).
  if (GATEWAYS === 1) await attackerDoesNotLockOwnerOut(owner);
  else if (!GATEWAY_TERM_CMD) await socketCapAcrossGateways(guest);
  for (const [what, cmd] of Object.entries(ROLL_CMDS)) await rollUnderTraffic(owner, guest, cmd, what);
  step('journey passed');
}

main().catch((err) => {
  console.error(`[smoke] FAILED: ${(err as Error).message}`);
  process.exit(1);
});
