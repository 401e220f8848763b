/**
 * The whole of honne on the fault suite's own servers: every service in this process (each with its
 * own bus, cache and database connections, as when deployed alone, so each lives through an outage
 * on its own), and gateways as child processes behind a "load balancer" that sends each new socket
 * or request to a live one — so a test can kill -9 a gateway holding sockets.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createService as createAccounts, loadConfig as accountsConfig } from '@honne/accounts';
import { createService as createCalls, loadConfig as callsConfig } from '@honne/calls';
import { createService as createChat, loadConfig as chatConfig } from '@honne/chat';
import { createService as createPoints, loadConfig as pointsConfig } from '@honne/points';
import { createService as createSafety, loadConfig as safetyConfig } from '@honne/safety';
import { createService as createTopics, loadConfig as topicsConfig } from '@honne/topics';

import { freePort } from '@honne/service-kit/testing';

import { NatsCluster, NatsServer, PgCluster, RedisServer } from './servers.ts';

/** The safety service's first admin in these stacks: the suites sign in as it to act as operators. */
export const FAULTS_ADMIN = {
  email: 'faults-admin@example.jp',
  password: 'faults admin password',
  totp: 'JBSWY3DPEHPK3PXPJBSWY3DP',
} as const;

const creators = {
  points: (env: NodeJS.ProcessEnv) => createPoints(pointsConfig(env)),
  accounts: (env: NodeJS.ProcessEnv) => createAccounts(accountsConfig(env)),
  topics: (env: NodeJS.ProcessEnv) => createTopics(topicsConfig(env)),
  chat: (env: NodeJS.ProcessEnv) => createChat(chatConfig(env)),
  calls: (env: NodeJS.ProcessEnv) => createCalls(callsConfig(env)),
  safety: (env: NodeJS.ProcessEnv) => createSafety(safetyConfig(env)),
};
export type ServiceName = keyof typeof creators;
type Running = { [K in ServiceName]: Awaited<ReturnType<(typeof creators)[K]>> };

export interface GatewayProcess {
  url: string;
  proc: ChildProcess;
  alive: boolean;
}

/** NATS for the stack: one server (most suites), or a JetStream cluster of three (nats-cluster.test.ts). */
type Bus = NatsServer | NatsCluster;
/** A stack on either: what the clients need of it. */
export type AnyStack = Stack<Bus>;

export class Stack<N extends Bus = NatsServer> {
  readonly services: Partial<Running> = {};
  readonly gateways: GatewayProcess[] = [];
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'honne-faults-data-'));
  readonly #ports = new Map<ServiceName, number>();
  #next = 0;

  private constructor(
    readonly nats: N,
    readonly redis: RedisServer,
    readonly pg: PgCluster,
  ) {}

  /** The gateways serve the built frontends (the browser check); otherwise an empty folder. */
  #serveFrontends = false;

  static async start(gateways = 2, options: { serveFrontends?: boolean } = {}): Promise<Stack> {
    return Stack.#startOn(await NatsServer.create(), gateways, options);
  }

  /** The same stack on a three-server JetStream cluster, its durable streams replicated on all three. */
  static async startOnCluster(gateways = 2): Promise<Stack<NatsCluster>> {
    return Stack.#startOn(await NatsCluster.create(3), gateways, {});
  }

  static async #startOn<N extends Bus>(
    nats: N,
    gateways: number,
    options: { serveFrontends?: boolean },
  ): Promise<Stack<N>> {
    const [redis, pg] = await Promise.all([RedisServer.create(), PgCluster.create()]);
    const stack = new Stack(nats, redis, pg);
    stack.#serveFrontends = options.serveFrontends ?? false;
    for (const name of Object.keys(creators) as ServiceName[]) await stack.startService(name);
    for (let i = 0; i < gateways; i++) await stack.startGateway();
    return stack;
  }

  get env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'silent',
      DATA_DIR: this.dataDir,
      DATABASE_URL: this.pg.url,
      NATS_URL: this.nats.url,
      ...(this.nats instanceof NatsCluster ? { NATS_REPLICAS: String(this.nats.servers.length) } : {}),
      REDIS_URL: this.redis.url,
      JWT_SECRET: 'faults-secret-that-is-long-enough-for-hs256!!',
      INTERNAL_TOKEN: 'faults-internal-token',
      // The operator the suites act as in the console (the points operator API, ADR 0034).
      SAFETY_BOOTSTRAP_ADMIN_EMAIL: FAULTS_ADMIN.email,
      SAFETY_BOOTSTRAP_ADMIN_PASSWORD: FAULTS_ADMIN.password,
      SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET: FAULTS_ADMIN.totp,
      // The suites send hundreds of messages a second in one room on purpose (ADR 0028's limits would stop them).
      FLOOD_LIMITS: 'off',
      // Uploads go to the bucket as in CI and production when one is given (each service's keys
      // have its own prefix, and every key is new, so sharing the run's bucket disturbs nobody).
      ...(process.env.S3_URL ? { S3_URL: process.env.S3_URL } : {}),
    };
  }

  /** Starts (or starts again) a service, on the port it had before so the gateways find it. */
  async startService(name: ServiceName): Promise<void> {
    const running = await creators[name](this.env);
    (this.services as Record<ServiceName, unknown>)[name] = running;
    const port = this.#ports.get(name) ?? (await freePort());
    this.#ports.set(name, port);
    await running.app.listen({ host: '127.0.0.1', port });
  }

  async stopService(name: ServiceName): Promise<void> {
    const running = this.services[name];
    delete this.services[name];
    await running?.close();
  }

  service<K extends ServiceName>(name: K): Running[K] {
    const running = this.services[name];
    if (!running) throw new Error(`${name} is not running`);
    return running as Running[K];
  }

  async startGateway(): Promise<GatewayProcess> {
    const upstreams = Object.fromEntries(
      [...this.#ports].map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]),
    );
    const proc = fork(fileURLToPath(new URL('./gateway-process.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: {
        ...this.env,
        ...upstreams,
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_AUTH_MAX: '100000',
        GATEWAY_MAX_CONNECTIONS_PER_CLIENT: '0',
        ...(this.#serveFrontends ? { FAULTS_SERVE_FRONTENDS: '1' } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      proc.once('message', (msg: { type: string; url: string }) => resolve(msg.url));
      proc.once('exit', (code) => reject(new Error(`gateway exited with ${code} before it was ready`)));
    });
    const gateway: GatewayProcess = { url, proc, alive: true };
    proc.once('exit', () => (gateway.alive = false));
    this.gateways.push(gateway);
    return gateway;
  }

  /** kill -9: the sockets it held drop without a close frame. */
  async killGateway(gateway: GatewayProcess): Promise<void> {
    if (!gateway.alive) return;
    await new Promise<void>((resolve) => {
      gateway.proc.once('exit', () => resolve());
      gateway.proc.kill('SIGKILL');
    });
  }

  /** The load balancer: the next live gateway, round robin. */
  gatewayUrl(): string {
    const live = this.gateways.filter((g) => g.alive);
    if (live.length === 0) throw new Error('no gateway is running');
    return live[this.#next++ % live.length]!.url;
  }

  /** A gateway's memory after a full collection (the slow-reader test). */
  memoryOf(gateway: GatewayProcess): Promise<{ rss: number; heapUsed: number; external: number; sockets: number }> {
    return new Promise((resolve) => {
      const onMessage = (msg: { type: string }) => {
        if (msg.type !== 'memory') return;
        gateway.proc.off('message', onMessage);
        resolve(msg as never);
      };
      gateway.proc.on('message', onMessage);
      gateway.proc.send({ type: 'memory' });
    });
  }

  /** The sign-up code accounts "mailed" to `email` (outside production mail lands in DATA_DIR/outbox). */
  codeFor(email: string): string | undefined {
    const dir = path.join(this.dataDir, 'outbox');
    let code: string | undefined;
    for (const name of readdirSync(dir).sort()) {
      const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string; text: string };
      if (mail.to === email) code = /認証コード: (\d{6})/.exec(mail.text)?.[1] ?? code;
    }
    return code;
  }

  async close(): Promise<void> {
    for (const g of this.gateways) await this.killGateway(g);
    for (const name of (Object.keys(creators) as ServiceName[]).reverse()) await this.stopService(name).catch(() => {});
    await Promise.all([this.nats.close(), this.redis.close(), this.pg.close()]);
  }
}
