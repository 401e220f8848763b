/**
 * A gateway instance gets SIGTERM while it holds a person's socket mid-conversation (the scaled
 * compose stack, two gateways behind the proxy). The person's socket is the app's own real-time
 * client (@honne/api-client's createRealtimeClient, as the shell runs it), so what is checked is
 * what a phone would see:
 *  - requests the terminated instance was serving when SIGTERM came are answered 200 (drained);
 *  - the client reconnects by itself, through the proxy, to the other instance, resuming with
 *    `since=<the last seq it had>`;
 *  - every message sent across the SIGTERM (by the other person over HTTP, from before it until
 *    after the client is back, some while it has no socket; and by this person over its socket,
 *    falling back to HTTP with the same client_id as the chat screen does) is stored once, and each
 *    of the other's arrives on this person's client exactly once, in seq order, with no resync
 *    (no gap, no reset, no loss).
 */
import { exec } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

import { CommandNotSent, createRealtimeClient, type WebSocketFactory } from '@honne/api-client';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { WebSocket } from 'ws';

import { ApiError, retryable } from '../support/client.ts';
import { api, BASE, pause, type Person, step, until } from './smoke-kit.ts';

const run = promisify(exec);
/** Sends of the other person kept in flight at once, so that some are on the instance at SIGTERM. */
const IN_FLIGHT = 3;
/** The SIGTERM goes out as this many messages have been started. */
const TERM_AT = 10;
/** Messages still sent once the client is back, on its new socket. */
const AFTER_BACK = 10;
/** The stream gives up past this many (the client never came back). */
const MAX_MESSAGES = 400;
/** The client's first reconnect waits between half this and this. */
const AWAY_MS = 2_000;

/** The instance that answered: the last of the proxy's tries ("a:8080, b:8080" when a refused). */
const answeredBy = (upstream: string) => upstream.split(',').at(-1)!.trim();

export interface Sent {
  text: string;
  started: number;
  ended: number;
  status: number;
  /** The proxy's X-Honne-Gateway: the instance(s) it tried, "a:8080" or "a:8080, b:8080". */
  upstream: string;
}

/** POST /messages through the proxy, retried with the same client_id on a proxy-level failure. */
export async function send(token: string, roomId: string, text: string, log: Sent[]): Promise<void> {
  const clientId = randomUUID();
  for (let tries = 1; ; tries++) {
    const started = performance.now();
    let status = 0;
    let upstream = '';
    try {
      const res = await fetch(`${BASE}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ room_id: roomId, message_type_id: 1, data: text, client_id: clientId }),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      upstream = res.headers.get('x-honne-gateway') ?? '';
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    log.push({ text, started, ended: performance.now(), status, upstream });
    if (status === 200) return;
    if (tries >= 50 || !retryable(status)) {
      throw new Error(`sending "${text}" answered HTTP ${status} (via ${upstream || 'no instance'})`);
    }
    await pause(200);
  }
}

export async function termGatewayMidChat(from: Person, to: Person, roomId: string, termCmd: string): Promise<void> {
  // The person's client: every socket it opens is recorded with the instance the proxy chose.
  const sockets: { url: string; gateway: string; helloSeq: number | null }[] = [];
  class TrackedWebSocket extends WebSocket {
    constructor(url: string) {
      super(url);
      const record = { url, gateway: '', helloSeq: null as number | null };
      sockets.push(record);
      this.on('upgrade', (res) => (record.gateway = String(res.headers['x-honne-gateway'] ?? '')));
      // The server's seq for the person as this socket began: what it holds past `since` was
      // logged while the client had no socket, and only the resume can bring it.
      this.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type?: string; data?: { seq?: unknown } };
        if (frame.type === 'hello' && typeof frame.data?.seq === 'number') record.helloSeq ??= frame.data.seq;
      });
    }
  }
  const events: RealtimeEvent[] = [];
  const resyncs: string[] = [];
  const statuses: string[] = [];
  /** When the first socket closed and when the client was open again (performance.now()). */
  const away = { from: 0, to: 0 };
  const client = createRealtimeClient({
    url: `${BASE.replace(/^http/, 'ws')}/api/v1/realtime`,
    getToken: () => to.token,
    WebSocket: TrackedWebSocket as unknown as WebSocketFactory,
    // Away for 1–2 s before the first retry (the app waits 0.25–0.5 s): wide enough that messages
    // are stored meanwhile even on a loaded machine, so the resume is always exercised.
    backoff: { initialMs: AWAY_MS },
    onEvent: (e) => events.push(e),
    onForcedLogout: () => resyncs.push('forced logout'),
    onUnauthorized: () => resyncs.push('unauthorized'),
    onResync: (why) => resyncs.push(why),
    onStatus: (s) => {
      statuses.push(s);
      if (s === 'reconnecting' && !away.from) away.from = performance.now();
      if (s === 'open' && away.from && !away.to) away.to = performance.now();
    },
  });
  client.start();
  try {
    await until("the client's first socket", () =>
      client.status === 'open' && client.lastSeq !== null ? true : undefined,
    );
    const held = sockets.at(-1)!.gateway;
    if (!held) throw new Error('the proxy named no gateway instance for the socket');
    step(`${to.tag}'s real-time client is on gateway ${held} (seq ${client.lastSeq})`);

    const texts: string[] = [];
    const ownTexts: string[] = [];
    const log: Sent[] = [];
    let termAt = 0;
    let seqAtTerm: number | null = null;
    let termDone: Promise<unknown> = Promise.resolve();
    let next = 0;
    let last = MAX_MESSAGES;
    // The other person streams messages, IN_FLIGHT at a time, from before the SIGTERM until
    // AFTER_BACK more once the client is back; this person answers over its socket now and then.
    const worker = async () => {
      for (let i = next++; i < last; i = next++) {
        if (i === TERM_AT) {
          seqAtTerm = client.lastSeq;
          termAt = performance.now();
          termDone = run(`${termCmd} ${held.split(':')[0]}`);
          step(`SIGTERM sent to gateway ${held} with ${i} messages started`);
        }
        if (away.to && last === MAX_MESSAGES) last = i + AFTER_BACK;
        const text = `ゲートウェイ越し ${i}`;
        texts.push(text);
        await send(from.token, roomId, text, log);
        if (i % 5 === 4) ownTexts.push(await answer(client, to, roomId, `返事 ${i}`));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await termDone;
    if (!away.to) throw new Error(`the client was not back after ${MAX_MESSAGES} messages`);
    // Sent (request and answer) while the client had no socket, for the record; what the check
    // below counts is what was logged meanwhile, whenever its answer came.
    const whileAway = log.filter((s) => s.status === 200 && s.started > away.from && s.ended < away.to).length;

    // Drained: what the instance was serving when SIGTERM came was answered, not cut.
    const onHeld = log.filter((s) => answeredBy(s.upstream) === held);
    const cut = onHeld.filter((s) => s.status !== 200 && s.started < termAt);
    if (cut.length > 0) throw new Error(`requests on ${held} at SIGTERM were cut: ${JSON.stringify(cut)}`);
    const drained = onHeld.filter((s) => s.started < termAt && s.ended > termAt).length;
    const retried = log.filter((s) => s.status !== 200).length;

    // Reconnected by itself, to the other instance, resuming from its seq.
    await until('the client back on a socket', () => (client.status === 'open' ? true : undefined));
    const after = sockets.slice(1);
    if (!statuses.includes('reconnecting') || after.length === 0) throw new Error('the client never reconnected');
    const resumed = sockets.find((s, i) => i > 0 && s.gateway);
    if (!resumed || answeredBy(resumed.gateway) === held) {
      throw new Error(`the client came back on ${resumed?.gateway || 'no instance'}, not on the other gateway`);
    }
    const since = Number(new URL(resumed.url).searchParams.get('since'));
    if (seqAtTerm === null || since < seqAtTerm) {
      throw new Error(`the client resumed with since=${since}, before its seq ${seqAtTerm} at SIGTERM`);
    }
    const missed = (resumed.helloSeq ?? since) - since;
    if (missed <= 0)
      throw new Error(
        `nothing was logged while the client was away (hello seq ${resumed.helloSeq}, since=${since}): the resume went untried`,
      );

    await expectWhole(from, to, roomId, texts, ownTexts, events, resyncs);
    step(
      `gateway SIGTERM: ${drained} requests in flight on ${held} drained, ${retried} sends retried elsewhere; ` +
        `${to.tag}'s client came back on ${answeredBy(resumed.gateway)} after ${Math.round(away.to - away.from)} ms ` +
        `with since=${since}, ${missed} events behind (${whileAway} messages sent wholly while it was away); ` +
        `${texts.length + ownTexts.length} messages stored once, ${texts.length} delivered once in seq order`,
    );
  } finally {
    client.stop();
  }
}

/**
 * Nothing lost or doubled across a fault: every message (`texts` from `from`, `ownTexts` from
 * `to`) is stored once in the room's history, each of `texts` arrived once on `to`'s client
 * (`events`), in contiguous seq order, and the client never had to resync.
 */
export async function expectWhole(
  from: Person,
  to: Person,
  roomId: string,
  texts: string[],
  ownTexts: string[],
  events: RealtimeEvent[],
  resyncs: string[],
): Promise<void> {
  const history = (
    (await api('GET', `/rooms/${roomId}/messages?per_page=1000`, from.token)) as unknown as { data: string }[]
  ).map((m) => m.data);
  for (const text of [...texts, ...ownTexts]) {
    const copies = history.filter((d) => d === text).length;
    if (copies !== 1) throw new Error(`"${text}" is in the history ${copies} times`);
  }
  const textOf = (e: RealtimeEvent) => (e.data as { data?: unknown } | null)?.data;
  await until(
    `every message on ${to.tag}'s client`,
    () => (texts.every((t) => events.some((e) => e.type === 'message.created' && textOf(e) === t)) ? true : undefined),
    30_000,
  );
  for (const text of texts) {
    const copies = events.filter((e) => e.type === 'message.created' && textOf(e) === text).length;
    if (copies !== 1) throw new Error(`"${text}" arrived on ${to.tag}'s client ${copies} times`);
  }
  const seqs = events.map((e) => e.seq).filter((s): s is number => s !== undefined);
  if (seqs.some((s, i) => i > 0 && s !== seqs[i - 1]! + 1)) throw new Error(`seqs not contiguous: ${seqs.join(',')}`);
  if (resyncs.length > 0) throw new Error(`the client had to resync: ${resyncs.join(', ')}`);
}

/**
 * This person's message over its socket, as the chat screen sends it: when the socket is gone or
 * the answer does not come, the same message (same client_id) goes over HTTP.
 */
export async function answer(
  client: ReturnType<typeof createRealtimeClient>,
  person: Person,
  roomId: string,
  text: string,
): Promise<string> {
  const body = { room_id: roomId, message_type_id: 1, data: text, client_id: randomUUID() };
  try {
    const result = await client.command('message.send', body, 5_000);
    if (result.status === 200) return text;
  } catch (err) {
    if (!(err instanceof CommandNotSent)) throw err;
  }
  for (let tries = 1; ; tries++) {
    try {
      await api('POST', '/messages', person.token, body);
      return text;
    } catch (err) {
      if (tries >= 50 || !(err instanceof ApiError && retryable(err.status))) throw err;
      await pause(200);
    }
  }
}
