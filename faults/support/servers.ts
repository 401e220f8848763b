/**
 * Servers of the fault suite's own — NATS (JetStream), Redis, a PostgreSQL cluster — on free
 * loopback ports, so its tests can kill and restart them without touching the servers CI shares
 * with every other suite. Each keeps its data across a restart, as a deployed one does: NATS its
 * JetStream directory, Redis its append-only file, PostgreSQL its cluster.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { freePort, requireOrSkip } from '@honne/service-kit/testing';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once something accepts connections on the port (servers announce nothing else we can await). */
export async function listening(port: number, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A server process we start, kill -9 and start again with the same arguments (and data). */
abstract class ProcessServer {
  #proc: ChildProcess | undefined;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'honne-faults-'));

  constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  protected abstract command(): [string, string[]];

  get running(): boolean {
    return this.#proc !== undefined && this.#proc.exitCode === null && this.#proc.signalCode === null;
  }

  async start(): Promise<void> {
    const [cmd, args] = this.command();
    this.#proc = spawn(cmd, args, { stdio: 'ignore' });
    await listening(this.port, this.name);
  }

  /** SIGKILL: no goodbye to its clients, nothing flushed beyond what it already wrote. */
  async kill(): Promise<void> {
    const proc = this.#proc;
    if (!proc || !this.running) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }

  async close(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class NatsServer extends ProcessServer {
  static async create(): Promise<NatsServer> {
    const server = new NatsServer('nats-server', await freePort());
    await server.start();
    return server;
  }
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  protected command(): [string, string[]] {
    return ['nats-server', ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.dir]];
  }
}

/** One server of a JetStream cluster: its client port, a route port, its peers' routes, a monitor. */
class NatsClusterServer extends ProcessServer {
  constructor(
    name: string,
    port: number,
    readonly routePort: number,
    readonly monitorPort: number,
    readonly routes: string,
  ) {
    super(name, port);
  }
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  protected command(): [string, string[]] {
    const cluster = [
      '--server_name',
      this.name,
      '--cluster_name',
      'honne',
      '--cluster',
      `nats://127.0.0.1:${this.routePort}`,
    ];
    const js = ['-js', '-sd', this.dir, '-a', '127.0.0.1', '-p', String(this.port), '-m', String(this.monitorPort)];
    return ['nats-server', [...js, ...cluster, '--routes', this.routes]];
  }
  /** JetStream answers for the cluster once its servers have elected a meta leader. */
  async metaLeader(): Promise<string | undefined> {
    const res = await fetch(`http://127.0.0.1:${this.monitorPort}/jsz`).catch(() => undefined);
    const body = res?.ok ? ((await res.json()) as { meta_cluster?: { leader?: string } }) : undefined;
    return body?.meta_cluster?.leader || undefined;
  }
}

/** Three JetStream servers in one cluster, as compose runs them: streams replicated on all three. */
export class NatsCluster {
  private constructor(readonly servers: NatsClusterServer[]) {}

  static async create(size = 3): Promise<NatsCluster> {
    const ports: number[] = [];
    while (ports.length < size * 3) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const routes = ports
      .slice(size, size * 2)
      .map((p) => `nats://127.0.0.1:${p}`)
      .join(',');
    const servers = Array.from(
      { length: size },
      (_, i) => new NatsClusterServer(`nats-${i + 1}`, ports[i]!, ports[size + i]!, ports[size * 2 + i]!, routes),
    );
    await Promise.all(servers.map((s) => s.start()));
    const cluster = new NatsCluster(servers);
    await cluster.ready();
    return cluster;
  }

  /** Every client URL, as NATS_URL lists a cluster. */
  get url(): string {
    return this.servers.map((s) => s.url).join(',');
  }

  /** Resolves once a running server names the cluster's meta leader (streams can be made and written). */
  async ready(timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const server of this.servers.filter((s) => s.running)) {
        const leader = await server.metaLeader();
        if (leader) return leader;
      }
      if (Date.now() > deadline) throw new Error(`the NATS cluster elected no meta leader within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((s) => s.close()));
  }
}

export class RedisServer extends ProcessServer {
  static async create(): Promise<RedisServer> {
    const server = new RedisServer('redis-server', await freePort());
    await server.start();
    return server;
  }
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  /** Append-only with fsync on every write: a restarted Redis has every seq and replay log it had. */
  protected command(): [string, string[]] {
    const args = ['--bind', '127.0.0.1', '--port', String(this.port), '--save', '', '--appendonly', 'yes'];
    return ['redis-server', [...args, '--appendfsync', 'always', '--dir', this.dir, '--daemonize', 'no']];
  }
}

const PG_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL cluster of Debian's tools (pg_createcluster, as .ci/run makes the shared one);
 * needs root, like CI. Stopped with `-m immediate` (a crash: no checkpoint) and started again.
 */
export class PgCluster {
  readonly version: string;
  readonly cluster: string;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'honne-faults-pg-'));
  readonly password = 'faults-secret';

  private constructor(readonly port: number) {
    this.version = readdirSync(PG_ROOT)
      .sort((a, b) => Number(a) - Number(b))
      .at(-1)!;
    this.cluster = `honne_faults_${port}`;
  }

  static async create(): Promise<PgCluster> {
    const pg = new PgCluster(await freePort());
    chmodSync(pg.dir, 0o755);
    chownSync(pg.dir, uid('postgres'), uid('postgres', 'g'));
    execFileSync('pg_createcluster', [
      pg.version,
      pg.cluster,
      '-d',
      path.join(pg.dir, 'data'),
      '-p',
      String(pg.port),
      '-o',
      'fsync=off',
      '-o',
      'max_connections=200',
    ]);
    await pg.start();
    const psql = (sql: string) =>
      execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-X', '-q', '-p', String(pg.port), '-c', sql]);
    psql(`CREATE ROLE honne LOGIN PASSWORD '${pg.password}'`);
    psql('CREATE DATABASE honne OWNER honne');
    return pg;
  }

  get url(): string {
    return `postgresql://honne:${this.password}@127.0.0.1:${this.port}/honne`;
  }

  async start(): Promise<void> {
    execFileSync('pg_ctlcluster', [this.version, this.cluster, 'start']);
    await listening(this.port, 'PostgreSQL');
  }

  /** Like a crash: every connection cut, no shutdown checkpoint. */
  async kill(): Promise<void> {
    execFileSync('pg_ctlcluster', [this.version, this.cluster, 'stop', '-m', 'immediate']);
  }

  async close(): Promise<void> {
    try {
      execFileSync('pg_dropcluster', ['--stop', this.version, this.cluster], { stdio: 'ignore' });
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

function uid(user: string, kind: 'u' | 'g' = 'u'): number {
  return Number(
    execFileSync('id', [`-${kind}`, user])
      .toString()
      .trim(),
  );
}

/** Can this machine run the fault suite's own servers? (root for the PostgreSQL cluster, the three binaries) */
export function canRunOwnServers(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    for (const bin of ['nats-server', 'redis-server', 'pg_createcluster'])
      execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a fault suite runs here: it needs the real infrastructure's URLs and servers of its own
 * (`servers` names the ones it starts); otherwise the suite is skipped, saying which is missing.
 */
export function faultSuiteRuns(servers = 'nats-server, redis-server and pg_createcluster'): boolean {
  return (
    requireOrSkip(
      'real infrastructure (DATABASE_URL, NATS_URL, REDIS_URL)',
      Boolean(process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL),
    ) && requireOrSkip(`root with ${servers} (the fault suite)`, canRunOwnServers())
  );
}
