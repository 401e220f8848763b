/**
 * `pnpm start`: the whole of honne in one Node process. Every service keeps its own app, schema
 * and port, exactly as when it runs alone; what they share here is one in-process bus, one
 * in-memory cache (unless NATS_URL / REDIS_URL point at real ones) and one PGlite with a schema
 * per service (unless DATABASE_URL points at PostgreSQL), as they share one PostgreSQL. Services
 * listen on free loopback ports and only the gateway is public, at http://localhost:${PORT:-8080}.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createService as createAccounts, loadConfig as accountsConfig } from '@honne/accounts';
import { createService as createCalls, loadConfig as callsConfig } from '@honne/calls';
import { createService as createChat, loadConfig as chatConfig, purgeExpired as purgeChat } from '@honne/chat';
import { createService as createGateway, loadConfig as gatewayConfig } from '@honne/gateway';
import { createService as createPoints, loadConfig as pointsConfig } from '@honne/points';
import { createService as createSafety, loadConfig as safetyConfig } from '@honne/safety';

import {
  createLogger,
  EmbeddedPostgres,
  InProcessBus,
  MemoryCache,
  OffsetClock,
  serveMetricsOn,
  SHUTDOWN_GRACE_MS,
  type ServiceOverrides,
} from '@honne/service-kit';
import { createService as createTopics, loadConfig as topicsConfig } from '@honne/topics';

type Started = {
  app: { listen(o: { host: string; port: number }): Promise<string>; server: { address(): unknown } };
  close(): Promise<void>;
};

const env = process.env;
const log = createLogger('honne', env.LOG_LEVEL ?? 'info');
// Browser journeys move time forward through a control port (never in production): expiry is
// then seen without waiting. Without HONNE_TEST_CONTROL_PORT the services use the real clock.
const controlPort = env.NODE_ENV === 'production' ? undefined : env.HONNE_TEST_CONTROL_PORT;
const testClock = controlPort ? new OffsetClock() : undefined;
const embeddedDb = env.DATABASE_URL ? undefined : await openEmbeddedDb(gatewayConfig(env).dataDir);
const shared: ServiceOverrides = {
  ...(embeddedDb ? { embeddedDb } : {}),
  ...(env.NATS_URL ? {} : { bus: new InProcessBus(log) }),
  ...(env.REDIS_URL ? {} : { cache: new MemoryCache() }),
  ...(testClock ? { clock: testClock } : {}),
};

const started: Started[] = [];
const upstreams: Record<string, string> = {};

async function run(name: string, start: () => Promise<Started>): Promise<void> {
  const service = await start();
  started.push(service);
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = service.app.server.address() as { port: number };
  upstreams[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
}

let stopping = false;
const t0 = performance.now();
try {
  // One at a time: PGlite start-up is CPU-bound, so parallel opens only contend on 2 cores.
  await run('points', () => createPoints(pointsConfig(env), shared));
  await run('accounts', () => createAccounts(accountsConfig(env), shared));
  await run('topics', () => createTopics(topicsConfig(env), shared));
  const chat = await createChat(chatConfig(env), shared);
  await run('chat', async () => chat);
  await run('calls', () => createCalls(callsConfig(env), shared));
  await run('safety', () => createSafety(safetyConfig(env), shared));
  // The built frontends, found from here: this file runs as scripts/start-embedded.ts (tsx) or
  // compiled as dist/start-embedded.js, both one level below the repository's root.
  const staticDir = env.STATIC_DIR ?? fileURLToPath(new URL('../frontends', import.meta.url));
  const gwConfig = gatewayConfig({ ...env, STATIC_DIR: staticDir, ...upstreams });
  const gateway = await createGateway(gwConfig, shared);
  started.push(gateway);
  await gateway.app.listen({ host: gwConfig.host, port: gwConfig.port });
  // One process, one registry: every service's series on the gateway's METRICS_PORT, as main.ts does.
  if (gwConfig.metricsPort) await serveMetricsOn(gwConfig.host, gwConfig.metricsPort);
  const mode = [
    env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${gwConfig.dataDir})`,
    env.NATS_URL ? 'NATS' : 'in-process bus',
    env.REDIS_URL ? 'Redis' : 'in-memory cache',
  ];
  if (testClock && controlPort) startTestControl(Number(controlPort), testClock, () => purgeChat(chat.ctx));
  log.info({ ms: Math.round(performance.now() - t0), mode }, `honne is running at http://localhost:${gwConfig.port}`);
  console.log(`\n  honne（本音）→ http://localhost:${gwConfig.port}\n  ${mode.join(' · ')}\n`);
} catch (err) {
  log.fatal({ err }, 'start failed');
  await stop(1);
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // The gateway cuts requests still open after its grace; should anything else hang, the
  // process still ends (a stalled request once kept it alive 30 s after SIGTERM).
  setTimeout(() => process.exit(code || 1), 2 * SHUTDOWN_GRACE_MS).unref();
  // Gateway first (stops taking requests), then the services in reverse start order.
  for (const service of started.reverse()) {
    await service.close().catch((err: unknown) => log.error({ err }, 'close failed'));
  }
  await embeddedDb?.close().catch((err: unknown) => log.error({ err }, 'closing PGlite failed'));
  process.exit(code);
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));

/**
 * One PGlite for every service, each in its own schema: a PGlite is a whole PostgreSQL in
 * WebAssembly (~300 MB resident once open), so five of them held 1.65 GB at idle.
 */
async function openEmbeddedDb(dataDir: string): Promise<EmbeddedPostgres> {
  const dir = path.join(dataDir, 'pglite');
  // Until session 8 each service had a PGlite of its own there; their data is not carried over.
  const old = ['accounts', 'topics', 'chat', 'calls', 'points', 'safety'].filter((s) => existsSync(path.join(dir, s)));
  if (old.length > 0) {
    log.warn(
      { dirs: old.map((s) => path.join(dir, s)) },
      'per-service PGlite folders from an older honne are not read',
    );
  }
  return EmbeddedPostgres.open(path.join(dir, 'embedded'));
}

/**
 * `POST /clock/advance?ms=N` moves every service's clock forward and runs the chat purge at once;
 * a negative N moves it back (a journey restores the clock for the journeys after it).
 */
function startTestControl(port: number, clock: OffsetClock, purge: () => Promise<unknown>): void {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ms = Number(url.searchParams.get('ms'));
    if (req.method !== 'POST' || url.pathname !== '/clock/advance' || !Number.isFinite(ms) || ms === 0) {
      res.writeHead(404).end();
      return;
    }
    clock.advance(ms);
    (ms > 0 ? purge() : Promise.resolve(null))
      .then((result) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: clock.now(), result })),
      )
      .catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
  log.warn({ port }, 'test clock control is on (HONNE_TEST_CONTROL_PORT): never use this in production');
}
