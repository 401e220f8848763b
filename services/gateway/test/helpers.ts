import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { ServiceName } from '@honne/contracts';
import { createService as createPoints, type RunningService } from '@honne/points';
import {
  createLogger,
  NatsBus,
  RedisCache,
  systemClock,
  Tokens,
  type Bus,
  type Cache,
  type Clock,
  type Logger,
} from '@honne/service-kit';
import { testConfig, testInfra, uniqueName, type InfraMode } from '@honne/service-kit/testing';
import { sql } from 'kysely';
import { WebSocket } from 'ws';

import type { GatewayConfig } from '../src/config.ts';
import { createService, type RunningGateway } from '../src/server.ts';

export interface EchoRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in service that answers every request with what it received, in the envelope. */
export interface Echo {
  url: string;
  requests: EchoRequest[];
  close(): Promise<void>;
}

export async function startEcho(service: string): Promise<Echo> {
  const requests: EchoRequest[] = [];
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/health') {
      res.end(
        JSON.stringify({ data: { service, status: 'ok', checks: {} }, status: 200, error: null, last_doc_id: null }),
      );
      return;
    }
    const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    requests.push(seen);
    req.resume();
    req.on('end', () =>
      res.end(JSON.stringify({ data: { service, ...seen }, status: 200, error: null, last_doc_id: null })),
    );
  });
  const url = await listen(server);
  return { url, requests, close: () => closeServer(server) };
}

/** A URL where nothing listens (a port that was just free). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export interface StartedGateway extends RunningGateway {
  url: string;
  wsUrl: string;
}

/**
 * One suite's world: the shared bus and cache of the mode, the real points service listening on
 * an ephemeral port, echo services for accounts/topics/chat, and a dead calls service.
 */
export class Harness {
  readonly gateways: StartedGateway[] = [];
  /** Raw connections a test opened (stalls, refused upgrades): destroyed before the gateways close. */
  readonly sockets: Socket[] = [];
  /** The buses and caches of separate instances: the gateways leave closing what they were given to us. */
  private readonly separate: { close(): Promise<void> }[] = [];
  readonly tokens: Tokens;
  readonly ctx: { bus: Bus; cache: Cache; clock: typeof systemClock };

  private constructor(
    readonly mode: InfraMode,
    readonly infra: Awaited<ReturnType<typeof testInfra>>,
    readonly points: RunningService,
    readonly pointsUrl: string,
    readonly echoes: Record<'accounts' | 'topics' | 'chat' | 'safety', Echo>,
    readonly deadUrl: string,
    private readonly pointsSchema: string,
  ) {
    this.tokens = new Tokens(testConfig('gateway', mode).jwtSecret, infra.cache);
    this.ctx = { bus: infra.bus, cache: infra.cache, clock: systemClock };
  }

  static async start(mode: InfraMode): Promise<Harness> {
    const infra = await testInfra(mode);
    const schema = uniqueName('points');
    const points = await createPoints(
      { ...testConfig('points', mode), lotPolicy: 'expire' },
      {
        bus: infra.bus,
        cache: infra.cache,
        inMemoryDb: true,
        schema,
      },
    );
    const pointsUrl = await points.app.listen({ host: '127.0.0.1', port: 0 });
    const [accounts, topics, chat, safety] = await Promise.all([
      startEcho('accounts'),
      startEcho('topics'),
      startEcho('chat'),
      startEcho('safety'),
    ]);
    return new Harness(mode, infra, points, pointsUrl, { accounts, topics, chat, safety }, await deadUrl(), schema);
  }

  /** The upstreams every suite uses unless it says otherwise: calls is down. */
  get upstreams(): Record<ServiceName, string> {
    return {
      accounts: this.echoes.accounts.url,
      topics: this.echoes.topics.url,
      chat: this.echoes.chat.url,
      calls: this.deadUrl,
      points: this.pointsUrl,
      safety: this.echoes.safety.url,
    };
  }

  config(extra: Partial<GatewayConfig> = {}): GatewayConfig {
    return {
      ...testConfig('gateway', this.mode),
      upstreams: this.upstreams,
      staticDir: mkdtempSync(path.join(os.tmpdir(), 'honne-gateway-static-')),
      rateLimitMax: 100_000,
      rateLimitAuthMax: 100_000,
      heartbeatMs: 30_000,
      ...extra,
    };
  }

  async gateway(
    extra: Partial<GatewayConfig> = {},
    overrides: { bus?: Bus; cache?: Cache; log?: Logger; clock?: Clock } = {},
  ): Promise<StartedGateway> {
    const gateway = await createService(this.config(extra), {
      bus: this.infra.bus,
      cache: this.infra.cache,
      ...overrides,
    });
    const url = await gateway.app.listen({ host: '127.0.0.1', port: 0 });
    const started = { ...gateway, url, wsUrl: url.replace(/^http/, 'ws') };
    this.gateways.push(started);
    return started;
  }

  /**
   * A gateway as a second process would run: its own NATS and Redis connections (`keyPrefix` shared
   * by the instances of one test), closed with the harness. Needs the real infrastructure.
   */
  async separateInstance(name: string, keyPrefix: string, extra: Partial<GatewayConfig> = {}): Promise<StartedGateway> {
    const { natsUrl, redisUrl } = this.mode;
    if (!natsUrl || !redisUrl) throw new Error('a separate gateway instance needs NATS_URL and REDIS_URL');
    const bus = await NatsBus.connect(natsUrl, name, createLogger('test', 'silent'));
    const cache = await RedisCache.connect(redisUrl, keyPrefix);
    this.separate.push(bus, cache);
    return this.gateway(extra, { bus, cache });
  }

  /** A live session and its access token. */
  async login(
    userId: string = randomUUID(),
    sessionId = uniqueName('session'),
  ): Promise<{ userId: string; sessionId: string; token: string }> {
    return { userId, sessionId, token: await this.tokens.issue({ userId, sessionId }, new Date()) };
  }

  async close(): Promise<void> {
    for (const s of this.sockets.splice(0)) s.destroy();
    for (const g of this.gateways.splice(0)) await g.close();
    if (this.mode.databaseUrl)
      await sql`DROP SCHEMA IF EXISTS ${sql.id(this.pointsSchema)} CASCADE`.execute(this.points.ctx.db);
    await this.points.close();
    await Promise.all(Object.values(this.echoes).map((e) => e.close()));
    for (const c of this.separate.splice(0)) await c.close();
    await this.infra.close();
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Frame {
  type: string;
  seq?: number;
  at?: string;
  data?: unknown;
}

/** A real-time client for tests: frames queue up and are taken in order. */
export class TestSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiter: (() => void) | undefined;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.#waiter?.();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /** The next frame, waiting for it up to `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<Frame> {
    return (await this.take(1, timeoutMs))[0]!;
  }

  /** The next `n` frames. */
  async take(n: number, timeoutMs = 5000): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length < n) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`expected ${n} frames, got ${this.frames.length}: ${JSON.stringify(this.frames.slice(0, 5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.frames.splice(0, n);
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A raw connection that sends `head` (and then nothing unless the test writes more), collects what
 * comes back and says when the server closes it: stalled bodies, refused upgrades.
 */
export async function rawConnection(
  url: string,
  head: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let data = '';
  socket.on('data', (d) => (data += d.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  return { socket, received: () => data, closed };
}
