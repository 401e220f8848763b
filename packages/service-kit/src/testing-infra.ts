import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { describe, it } from 'vitest';

import { InProcessBus, NatsBus, type Bus } from './bus.ts';
import { MemoryCache, RedisCache, type Cache } from './cache.ts';
import { SERVICE_DATABASES, serviceDatabaseVar, type BaseConfig } from './config.ts';
import { createLogger } from './logger.ts';

/**
 * The infrastructure a suite runs against. Every API suite runs once embedded (PGlite, in-process
 * bus, memory cache) and once against real PostgreSQL + NATS + Redis when their URLs are set.
 */
export interface InfraMode {
  name: 'embedded' | 'real';
  databaseUrl?: string;
  /** A service's own database where one is named (`CHAT_DATABASE_URL`, …); else `databaseUrl`. */
  serviceDatabaseUrls?: Record<string, string>;
  natsUrl?: string;
  redisUrl?: string;
  /** Object storage (S3_URL) where the real infrastructure has it: CI runs an S3-compatible server. */
  s3Url?: string;
}

const REAL_VARS = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'] as const;

/** Says loudly when real infrastructure is missing; with CI=true that is a failure, not a skip. */
export function requireOrSkip(what: string, present: boolean): boolean {
  if (present) return true;
  const message = `${what} is not configured: the suites that need it are SKIPPED`;
  if (process.env.CI === 'true') throw new Error(`${message} — not allowed with CI=true`);
  console.warn(`\n\u001b[33m⚠ ${message}\u001b[0m\n`);
  return false;
}

/**
 * Embedded, and real where configured. `HONNE_INFRA_MODES=real` leaves the embedded half out (to
 * rerun only the real half, e.g. on other servers).
 */
export function infraModes(): InfraMode[] {
  const modes: InfraMode[] = process.env.HONNE_INFRA_MODES === 'real' ? [] : [{ name: 'embedded' }];
  const missing = REAL_VARS.filter((v) => !process.env[v]);
  if (requireOrSkip(`real infrastructure (${missing.join(', ')})`, missing.length === 0)) {
    modes.push({
      name: 'real',
      databaseUrl: process.env.DATABASE_URL!,
      serviceDatabaseUrls: serviceDatabaseUrls(process.env),
      natsUrl: process.env.NATS_URL!,
      redisUrl: process.env.REDIS_URL!,
      s3Url: process.env.S3_URL,
    });
  }
  return modes;
}

/**
 * A suite only real infrastructure can hold (a service down while NATS keeps its events; in-process
 * nothing is ever down). Where none is configured (outside CI) the file still holds one suite,
 * skipped and saying what it needs, instead of failing as a file without tests.
 */
export function describeOnRealInfra(title: string, suite: (mode: InfraMode) => void): void {
  const real = infraModes().filter((m) => m.databaseUrl && m.natsUrl);
  if (real.length > 0) {
    describe.each(real)(`${title} ($name)`, suite);
    return;
  }
  describe.skip(title, () => {
    it('needs DATABASE_URL, NATS_URL and REDIS_URL', () => undefined);
  });
}

/** Every `<SERVICE>_DATABASE_URL` in env, by service name (CI gives each service its own database). */
function serviceDatabaseUrls(env: NodeJS.ProcessEnv): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const service of SERVICE_DATABASES) {
    const url = env[serviceDatabaseVar(service)];
    if (url) urls[service] = url;
  }
  return urls;
}

/** The database a service's suite uses in this mode: its own where one is named. */
export const databaseUrlOf = (mode: InfraMode, service: string): string | undefined =>
  mode.serviceDatabaseUrls?.[service] ?? mode.databaseUrl;

/** A loopback port nothing listens on right now (the kernel's pick), for a server a test starts as a process. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const uniqueName = (prefix: string) => `${prefix}_t${randomBytes(5).toString('hex')}`;

/**
 * Ids in tests are UUIDs, as every id a client sends must be (contracts' `Uuid`). `uuidOf('room-v')`
 * spells a name of up to 16 bytes in hex, so ids read and sort as their names do; `testUserId`
 * numbers one run's users under a random prefix, so suites sharing a bus never meet each other's.
 */
export function uuidOf(name: string): string {
  const bytes = Buffer.from(name);
  if (bytes.length > 16) throw new Error(`uuidOf: "${name}" is longer than 16 bytes`);
  const hex = bytes.toString('hex').padEnd(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const testRunPrefix = () => randomBytes(4).toString('hex');
export const testUserId = (run: string, n: number) => `${run}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function testConfig(service: string, mode: InfraMode, extra: Partial<BaseConfig> = {}): BaseConfig {
  return {
    service,
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    dataDir: mkdtempSync(path.join(os.tmpdir(), `honne-${service}-`)),
    databaseUrl: databaseUrlOf(mode, service),
    natsUrl: mode.natsUrl,
    redisUrl: mode.redisUrl,
    s3Url: mode.s3Url,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
    internalToken: 'test-internal-token',
    ...extra,
  };
}

/** One bus and cache for a suite, shared by the services it starts (as the embedded launcher does). */
export async function testInfra(mode: InfraMode): Promise<{ bus: Bus; cache: Cache; close(): Promise<void> }> {
  const log = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const bus = mode.natsUrl ? await NatsBus.connect(mode.natsUrl, 'test', log) : new InProcessBus(log);
  const cache = mode.redisUrl ? await RedisCache.connect(mode.redisUrl, `${uniqueName('honne')}:`) : new MemoryCache();
  return {
    bus,
    cache,
    close: async () => {
      await bus.close();
      await cache.close();
    },
  };
}
