/**
 * A rolling update under traffic (the swarm stack, infra/swarm/run.sh): while `cmd` replaces a
 * service's instances one at a time (`docker service update --force`: a new task healthy before
 * the old one gets SIGTERM), one person streams messages to the other over HTTP through the proxy
 * and the other answers over its socket now and then. The other's socket is the app's own
 * real-time client, which reconnects and resumes by itself when its gateway instance is replaced.
 * Checked as gateway-term.ts checks a SIGTERM: every accepted message is stored once, each of the
 * streamed ones arrives on the client exactly once, in seq order, with no resync.
 */
import { exec } from 'node:child_process';
import { promisify } from 'node:util';

import { createRealtimeClient, type WebSocketFactory } from '@honne/api-client';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { WebSocket } from 'ws';

import { answer, expectWhole, send, type Sent } from './gateway-term.ts';
import { api, BASE, pause, type Person, step, THEME, until } from './smoke-kit.ts';

const run = promisify(exec);
/** Sends kept in flight at once, each worker pausing between its sends (a steady conversation). */
const IN_FLIGHT = 2;
const PAUSE_MS = 250;
/** Messages still sent once the update is done, on the new instances. */
const AFTER_DONE = 10;
/** One room's history is read in one page (chat's page maximum is 1000). */
const MAX_MESSAGES = 900;

/** A fresh voice and room for one roll, so each roll's history is its own. */
async function openRoom(owner: Person, guest: Person, what: string): Promise<string> {
  const thread = await api<{ id: string }>('POST', '/threads/join', owner.token, THEME);
  const voice = await api<{ id: string }>('POST', `/topics/${thread.id}`, owner.token, {
    title: `更新中も話す (${what})`,
    sub_category_id: THEME.sub_category_id,
    area_id: THEME.area_id,
    expire_after_minute: 10,
    chat_price: 0,
    call_price: 0,
  });
  await api('POST', '/threads/join', guest.token, THEME);
  const room = await api<{ id: string }>('POST', '/rooms', guest.token, {
    topic_id: voice.id,
    room_type_id: 2,
    is_anonymous: false,
  });
  return room.id;
}

export async function rollUnderTraffic(owner: Person, guest: Person, cmd: string, what: string): Promise<void> {
  const roomId = await openRoom(owner, guest, what);
  const from = guest;
  const to = owner;
  const gateways = new Set<string>();
  class TrackedWebSocket extends WebSocket {
    constructor(url: string) {
      super(url);
      this.on('upgrade', (res) => gateways.add(String(res.headers['x-honne-gateway'] ?? '')));
    }
  }
  const events: RealtimeEvent[] = [];
  const resyncs: string[] = [];
  let reconnects = 0;
  const client = createRealtimeClient({
    url: `${BASE.replace(/^http/, 'ws')}/api/v1/realtime`,
    getToken: () => to.token,
    WebSocket: TrackedWebSocket as unknown as WebSocketFactory,
    onEvent: (e) => events.push(e),
    onForcedLogout: () => resyncs.push('forced logout'),
    onUnauthorized: () => resyncs.push('unauthorized'),
    onResync: (why) => resyncs.push(why),
    onStatus: (s) => void (s === 'reconnecting' && reconnects++),
  });
  client.start();
  try {
    await until(`${to.tag}'s real-time client`, () =>
      client.status === 'open' && client.lastSeq !== null ? true : undefined,
    );
    const started = performance.now();
    let done = false;
    let failed: unknown;
    const rolled = run(cmd, { maxBuffer: 16 << 20 }).then(
      () => void (done = true),
      (err: unknown) => void ((done = true), (failed = err)),
    );
    step(`${what}: update started while ${from.tag} and ${to.tag} talk`);

    const texts: string[] = [];
    const ownTexts: string[] = [];
    const log: Sent[] = [];
    let next = 0;
    let last = MAX_MESSAGES;
    const worker = async () => {
      for (let i = next++; i < last; i = next++) {
        if (done && last === MAX_MESSAGES) last = i + AFTER_DONE;
        const text = `更新越し ${what} ${i}`;
        texts.push(text);
        await send(from.token, roomId, text, log);
        if (i % 10 === 9) ownTexts.push(await answer(client, to, roomId, `返事 ${what} ${i}`));
        await pause(PAUSE_MS);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await rolled;
    if (failed) throw new Error(`${what}: the update failed: ${(failed as Error).message}`);
    if (last === MAX_MESSAGES) throw new Error(`${what}: the update was not done after ${MAX_MESSAGES} messages`);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);

    await expectWhole(from, to, roomId, texts, ownTexts, events, resyncs);
    const retried = log.filter((s) => s.status !== 200).length;
    step(
      `${what}: updated in ${seconds}s under traffic; ${texts.length + ownTexts.length} messages stored once ` +
        `(${retried} sends retried), ${texts.length} delivered once in seq order to ${to.tag}'s client ` +
        `(${reconnects} reconnects, sockets on ${[...gateways].join(' | ')})`,
    );
  } finally {
    client.stop();
  }
}
