import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

import type { RealtimeEvent } from '@honne/contracts/realtime';

import {
  CommandNotSent,
  SeqTracker,
  createRealtimeClient,
  type RealtimeClient,
  type WebSocketFactory,
} from '../src/index.ts';

/**
 * A small stand-in for the gateway's socket, speaking the same protocol: hello with the current
 * seq, replay after `since`, numbered events, ping frames, close codes.
 */
class FakeGateway {
  readonly wss: WebSocketServer;
  readonly history: RealtimeEvent[] = [];
  readonly connections: { since: string | null; token: string | null }[] = [];
  readonly frames: unknown[] = [];
  sockets = new Set<WebSocket>();
  seq = 0;

  constructor() {
    this.wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    this.wss.on('connection', (ws, req) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const since = url.searchParams.get('since');
      this.connections.push({ since, token: url.searchParams.get('token') });
      if (url.searchParams.get('token') === 'bad') {
        ws.close(4401, 'unauthorized');
        return;
      }
      this.sockets.add(ws);
      ws.on('close', () => this.sockets.delete(ws));
      ws.on('message', (m) => this.frames.push(JSON.parse(String(m))));
      ws.send(JSON.stringify({ type: 'hello', at: new Date().toISOString(), data: { seq: this.seq } }));
      if (since !== null) for (const e of this.history) if ((e.seq ?? 0) > Number(since)) ws.send(JSON.stringify(e));
    });
  }

  listening() {
    return new Promise<void>((resolve) => {
      if (this.wss.address()) resolve();
      else this.wss.once('listening', () => resolve());
    });
  }

  get url() {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/api/v1/realtime`;
  }

  /** Records an event; sends it to open sockets unless `offline`. */
  publish(type: string, data: unknown = {}, { send = true } = {}) {
    const event: RealtimeEvent = { type, seq: ++this.seq, at: new Date().toISOString(), data };
    this.history.push(event);
    if (send) this.sendRaw(event);
    return event;
  }

  sendRaw(event: unknown) {
    for (const ws of this.sockets) ws.send(JSON.stringify(event));
  }

  closeAll(code: number) {
    for (const ws of this.sockets) ws.close(code);
  }

  close() {
    for (const ws of this.sockets) ws.terminate();
    return new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

const waitFor = async (check: () => boolean, timeoutMs = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('realtime client against a real ws server', () => {
  let gw: FakeGateway;
  let client: RealtimeClient | undefined;
  let received: RealtimeEvent[];
  let forced: number;
  let unauthorized: number;
  let token: string;

  const start = (extra: Partial<Parameters<typeof createRealtimeClient>[0]> = {}) => {
    client = createRealtimeClient({
      url: gw.url,
      getToken: () => token,
      WebSocket: WebSocket as unknown as WebSocketFactory,
      onEvent: (e) => received.push(e),
      onForcedLogout: () => (forced += 1),
      onUnauthorized: () => (unauthorized += 1),
      backoff: { initialMs: 20, maxMs: 100 },
      ...extra,
    });
    client.start();
    return client;
  };

  beforeEach(async () => {
    gw = new FakeGateway();
    await gw.listening();
    received = [];
    forced = 0;
    unauthorized = 0;
    token = 'tok';
  });
  afterEach(async () => {
    client?.stop();
    client = undefined;
    await gw.close();
  });

  it('starts from the hello seq without replaying old events, then delivers new ones', async () => {
    gw.publish('11', { old: true }, { send: false });
    start();
    await waitFor(() => client!.status === 'open' && client!.lastSeq === 1);
    expect(gw.connections[0]).toEqual({ since: null, token: 'tok' });
    gw.publish('11', { n: 2 });
    gw.publish('12', { n: 3 });
    await waitFor(() => received.length === 2);
    expect(received.map((e) => e.seq)).toEqual([2, 3]);
    expect(client!.lastSeq).toBe(3);
  });

  it('drops duplicates and orders early arrivals', async () => {
    start();
    await waitFor(() => client!.status === 'open' && client!.lastSeq === 0);
    const at = new Date().toISOString();
    gw.sendRaw({ type: '11', seq: 1, at, data: {} });
    gw.sendRaw({ type: '11', seq: 1, at, data: {} });
    gw.sendRaw({ type: '11', seq: 3, at, data: {} });
    gw.sendRaw({ type: '11', seq: 2, at, data: {} });
    gw.sendRaw({ type: '11', seq: 3, at, data: {} });
    gw.sendRaw({ type: 'pong', at, data: null });
    gw.sendRaw({ type: 'typing', at, data: {} });
    await waitFor(() => received.length === 4);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.map((e) => e.seq ?? e.type)).toEqual([1, 2, 3, 'typing']);
    expect(client!.lastSeq).toBe(3);
  });

  it('reconnects after a drop, resumes with since and gets what it missed exactly once', async () => {
    start();
    await waitFor(() => client!.status === 'open');
    gw.publish('11', { n: 1 });
    await waitFor(() => received.length === 1);

    // The connection dies; events keep happening meanwhile.
    for (const ws of gw.sockets) ws.terminate();
    gw.publish('12', { n: 2 }, { send: false });
    gw.publish('13', { n: 3 }, { send: false });

    await waitFor(() => received.length === 3);
    expect(gw.connections[1]!.since).toBe('1');
    expect(received.map((e) => e.seq)).toEqual([1, 2, 3]);
    gw.publish('14', { n: 4 });
    await waitFor(() => received.length === 4);
    expect(client!.lastSeq).toBe(4);
  });

  it('asks for a resend when a hole stays open, then skips it', async () => {
    const resyncs: string[] = [];
    start({ gapTimeoutMs: 40, onResync: (r) => resyncs.push(r) });
    await waitFor(() => client!.status === 'open');
    gw.sendRaw({ type: '11', seq: 2, at: '', data: {} });
    await waitFor(() => gw.frames.some((f) => (f as { type: string }).type === 'resume'));
    expect(gw.frames).toContainEqual({ type: 'resume', since: 0 });
    await waitFor(() => received.length === 1, 2000);
    expect(received[0]!.seq).toBe(2);
    expect(resyncs).toEqual(['gap']);
  });

  it('subscribes to channels, re-sends the frames after a reconnect and unsubscribes at the last leave', async () => {
    start();
    const a = client!.subscribe('topics:thread:t1');
    await waitFor(() => client!.status === 'open');
    await waitFor(() => gw.frames.some((f) => (f as { type: string }).type === 'subscribe'));
    const b = client!.subscribe('topics:thread:t1');
    client!.subscribe('topics:all');
    const subs = () => gw.frames.filter((f) => (f as { type: string }).type === 'subscribe');
    await waitFor(() => subs().length === 2);
    expect(subs()).toEqual([
      { type: 'subscribe', channel: 'topics:thread:t1' },
      { type: 'subscribe', channel: 'topics:all' },
    ]);

    for (const ws of gw.sockets) ws.terminate();
    await waitFor(() => subs().length === 4);
    expect(
      subs()
        .slice(2)
        .map((f) => (f as { channel: string }).channel)
        .sort(),
    ).toEqual(['topics:all', 'topics:thread:t1']);

    a();
    a();
    await new Promise((r) => setTimeout(r, 30));
    expect(gw.frames).not.toContainEqual({ type: 'unsubscribe', channel: 'topics:thread:t1' });
    b();
    await waitFor(() => gw.frames.some((f) => (f as { type: string }).type === 'unsubscribe'));
    expect(gw.frames).toContainEqual({ type: 'unsubscribe', channel: 'topics:thread:t1' });
    expect(client!.channels).toEqual(['topics:all']);
  });

  it('sends a ping frame on the interval', async () => {
    start({ pingIntervalMs: 30 });
    await waitFor(() => gw.frames.filter((f) => (f as { type: string }).type === 'ping').length >= 2);
  });

  it('treats close code 4409 as a forced logout and does not reconnect', async () => {
    start();
    await waitFor(() => client!.status === 'open');
    gw.closeAll(4409);
    await waitFor(() => forced === 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(gw.connections).toHaveLength(1);
    expect(client!.status).toBe('closed');
  });

  it('does not retry a socket closed 4408 (the user’s newer sockets took its place) until asked', async () => {
    start();
    await waitFor(() => client!.status === 'open');
    gw.closeAll(4408);
    await waitFor(() => client!.status === 'closed');
    expect(forced).toBe(0);
    client!.reconnectNow();
    await waitFor(() => client!.status === 'open');
    expect(gw.connections).toHaveLength(2);
  });

  it('answers a command by its ref, never as an event, and refuses one without an open socket', async () => {
    start();
    await expect(client!.command('message.send', {})).rejects.toBeInstanceOf(CommandNotSent);
    await waitFor(() => client!.status === 'open');
    const answer = client!.command('message.send', { data: 'やあ' });
    await waitFor(() => gw.frames.some((f) => (f as { type: string }).type === 'command'));
    const frame = gw.frames.find((f) => (f as { type: string }).type === 'command') as { ref: string; name: string };
    expect(frame).toMatchObject({ name: 'message.send', body: { data: 'やあ' } });
    const at = new Date().toISOString();
    gw.sendRaw({ type: 'command.result', at, data: { ref: 'not-mine', status: 200, body: {} } });
    gw.sendRaw({ type: 'command.result', at, data: { ref: frame.ref, status: 200, body: { data: 'ok' } } });
    expect(await answer).toEqual({ ref: frame.ref, status: 200, body: { data: 'ok' } });
    expect(received).toEqual([]);
  });

  it('fails a pending command when the socket closes or the answer never comes', async () => {
    start();
    await waitFor(() => client!.status === 'open');
    const dropped = client!.command('message.send', {});
    await waitFor(() => gw.frames.length > 0);
    gw.closeAll(1011);
    await expect(dropped).rejects.toBeInstanceOf(CommandNotSent);
    await waitFor(() => client!.status === 'open');
    await expect(client!.command('message.send', {}, 50)).rejects.toThrow('timed out');
  });

  it('treats a session.forced_logout event as a forced logout', async () => {
    start();
    await waitFor(() => client!.status === 'open');
    gw.publish('session.forced_logout', { reason: 'another_device' });
    await waitFor(() => forced === 1);
    expect(received).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(gw.connections).toHaveLength(1);
  });

  it('treats close code 4401 as unauthorized', async () => {
    token = 'bad';
    start();
    await waitFor(() => unauthorized === 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(gw.connections).toHaveLength(1);
  });

  it('starts over when the server restarted with fewer events than we saw', async () => {
    const resyncs: string[] = [];
    start({ onResync: (r) => resyncs.push(r) });
    await waitFor(() => client!.status === 'open');
    gw.publish('11');
    gw.publish('11');
    await waitFor(() => received.length === 2);
    gw.seq = 0;
    gw.history.length = 0;
    gw.closeAll(1012);
    await waitFor(() => resyncs.includes('reset'));
    gw.publish('12');
    await waitFor(() => received.length === 3);
    expect(received[2]!.type).toBe('12');
  });

  describe('a socket that never opens (an address nobody answers: a gateway gone behind its proxy)', () => {
    /** Takes connections and never answers their upgrade; notes when the client hangs up. */
    let silent: Server;
    const held: { socket: Socket; closed: boolean }[] = [];
    beforeEach(async () => {
      silent = createServer((socket) => {
        const entry = { socket, closed: false };
        held.push(entry);
        socket.resume();
        socket.on('close', () => (entry.closed = true));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterEach(async () => {
      for (const { socket } of held.splice(0)) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const silentUrl = () => `ws://127.0.0.1:${(silent.address() as AddressInfo).port}/api/v1/realtime`;

    it('is given up after connectTimeoutMs and the next try opens elsewhere, resuming from its seq', async () => {
      const tries: string[] = [];
      // The first reconnect meets the silent address, as the proxy's stale entry for a gone gateway.
      class SecondTrySilent extends WebSocket {
        constructor(url: string) {
          super(tries.push(url) === 2 ? url.replace(gw.url, silentUrl()) : url);
        }
      }
      start({ WebSocket: SecondTrySilent as unknown as WebSocketFactory, connectTimeoutMs: 300 });
      await waitFor(() => client!.status === 'open' && client!.lastSeq === 0);
      gw.closeAll(1001);
      await waitFor(() => held.length === 1);
      gw.publish('11', {}, { send: false });
      await waitFor(() => tries.length === 3 && client!.status === 'open' && received.length === 1);
      await waitFor(() => held[0]!.closed);
      expect(gw.connections.map((c) => c.since)).toEqual([null, '0']);
      expect(received.map((e) => e.seq)).toEqual([1]);
    });

    it('stops cleanly while a socket is still connecting', async () => {
      class Silent extends WebSocket {
        constructor(url: string) {
          super(url.replace(gw.url, silentUrl()));
        }
      }
      const statuses: string[] = [];
      start({ WebSocket: Silent as unknown as WebSocketFactory, onStatus: (s) => statuses.push(s) });
      await waitFor(() => held.length === 1);
      client!.stop();
      await waitFor(() => held[0]!.closed);
      expect(statuses).toEqual(['connecting', 'closed']);
    });
  });
});

describe('SeqTracker', () => {
  it('flags events lost beyond the replay limit', () => {
    const t = new SeqTracker();
    expect(t.hello(5)).toBe('ok');
    expect(t.hello(5000)).toBe('lost');
    expect(t.last).toBe(5000);
  });
  it('passes events without seq straight through', () => {
    const t = new SeqTracker();
    expect(t.accept({ type: 'x', at: '', data: null })).toHaveLength(1);
  });
});
