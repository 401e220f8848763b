import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Variables every service reads. Each service extends this with its own and calls `readConfig`
 * once in main.ts; nothing else reads process.env.
 */
export const BaseEnv = {
  NODE_ENV: Type.Optional(Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')])),
  HOST: Type.Optional(Type.String()),
  LOG_LEVEL: Type.Optional(
    Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l))),
  ),
  DATA_DIR: Type.Optional(Type.String()),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** One server, or a cluster's as a comma-separated list (nats://a:4222,nats://b:4222,…). */
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls)://' })),
  /** Copies of each durable stream on a JetStream cluster (3 on compose's three servers); default 1. */
  NATS_REPLICAS: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Object storage for uploads: http(s)://ACCESS_KEY:SECRET@host:port/bucket (objects.ts). */
  S3_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+@[^/]+/[^/?]+' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  INTERNAL_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
} satisfies TProperties;

export interface BaseConfig {
  service: string;
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  natsUrl: string | undefined;
  /** Copies of each durable stream (NATS_REPLICAS); unset: 1. */
  natsReplicas?: number | undefined;
  redisUrl: string | undefined;
  s3Url: string | undefined;
  jwtSecret: string;
  internalToken: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates `env` against the service's schema and fails fast with every problem listed, so an
 * operator sees all of them at once instead of one per restart. Every variable may instead be
 * given as a file (`JWT_SECRET_FILE=/run/secrets/jwt_secret`, see `fromFiles`).
 */
export function parseEnv<P extends TProperties>(service: string, props: P, env: NodeJS.ProcessEnv): Static<TObject<P>> {
  const schema = Type.Object(props);
  // A database of its own (issue 30): `<SERVICE>_DATABASE_URL` wins over the shared DATABASE_URL.
  const ownDatabase = serviceDatabaseVar(service);
  const read = [...Object.keys(props), ...('DATABASE_URL' in props ? [ownDatabase] : [])];
  const { values, problems } = fromFiles(read, env);
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(props)) {
    const value = values[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const ownUrl = values[ownDatabase];
  if (ownUrl) picked.DATABASE_URL = ownUrl;
  const named = (key: string) => (key === 'DATABASE_URL' && ownUrl ? ownDatabase : key);
  const converted = Value.Convert(schema, picked);
  problems.push(
    ...[...Value.Errors(schema, converted)].map((e) => `  ${named(e.path.slice(1)) || '(root)'}: ${e.message}`),
  );
  if (problems.length > 0) {
    throw new ConfigError(`${service}: invalid environment\n${problems.join('\n')}`);
  }
  return converted as Static<TObject<P>>;
}

/**
 * `X_FILE` names a file holding X's value, trimmed: how Docker secrets (/run/secrets/…, the swarm
 * stack in infra/swarm/) and Kubernetes secret volumes hand a secret over without putting it in the
 * environment, where `docker inspect` and every child process would see it. X and X_FILE both set
 * is a mistake an operator should hear about, not a silent choice of one.
 */
function fromFiles(
  keys: string[],
  env: NodeJS.ProcessEnv,
): { values: Record<string, string | undefined>; problems: string[] } {
  const values: Record<string, string | undefined> = {};
  const problems: string[] = [];
  for (const key of keys) {
    const file = env[`${key}_FILE`];
    if (file === undefined || file === '') {
      values[key] = env[key];
    } else if (env[key] !== undefined && env[key] !== '') {
      problems.push(`  ${key}: set both ${key} and ${key}_FILE; set only one`);
    } else {
      try {
        values[key] = readFileSync(file, 'utf8').trim();
      } catch (err) {
        problems.push(`  ${key}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
    }
  }
  return { values, problems };
}

/**
 * The variable naming one service's own database (`CHAT_DATABASE_URL`, …). Without it the service
 * uses DATABASE_URL, its schema beside the others' (one server for a small deployment).
 */
/** The services with a database of their own (infra/images/postgres/initdb makes one each). */
export const SERVICE_DATABASES = ['accounts', 'topics', 'chat', 'calls', 'points', 'safety'];

export const serviceDatabaseVar = (service: string) => `${service.toUpperCase()}_DATABASE_URL`;

type BaseEnvValues = Static<TObject<typeof BaseEnv>>;

/** Builds the shared part of every service's config from its parsed env. */
export function baseConfig(service: string, env: BaseEnvValues, port: number): BaseConfig {
  const mode = env.NODE_ENV ?? 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  if (mode === 'production' && (!env.JWT_SECRET || !env.INTERNAL_TOKEN)) {
    throw new ConfigError(`${service}: JWT_SECRET and INTERNAL_TOKEN must be set in production`);
  }
  const secrets = env.JWT_SECRET && env.INTERNAL_TOKEN ? undefined : localSecrets(dataDir);
  return {
    service,
    env: mode,
    host: env.HOST ?? '127.0.0.1',
    port,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    natsUrl: env.NATS_URL,
    natsReplicas: env.NATS_REPLICAS,
    redisUrl: env.REDIS_URL,
    s3Url: env.S3_URL,
    jwtSecret: env.JWT_SECRET ?? secrets!.jwtSecret,
    internalToken: env.INTERNAL_TOKEN ?? secrets!.internalToken,
  };
}

/**
 * Outside production, secrets not given in env are generated once and kept under DATA_DIR, so
 * `pnpm start` needs no setup and sessions survive a restart. Production refuses to start without them.
 */
function localSecrets(dataDir: string): { jwtSecret: string; internalToken: string } {
  const file = path.join(dataDir, 'local-secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; internalToken: string };
  } catch {
    const secrets = { jwtSecret: randomBytes(32).toString('hex'), internalToken: randomBytes(24).toString('hex') };
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch {
      // Another service of the same process wrote it first.
      return JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; internalToken: string };
    }
  }
}

/**
 * One more generated secret for local runs (as `localSecrets` above), kept in its own file under
 * DATA_DIR: callers use it only outside production, where env must name every secret instead.
 */
export function localSecret(dataDir: string, name: string, bytes = 24): string {
  const file = path.join(dataDir, `local-secret-${name}`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(bytes).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another service of the same process wrote it first: read theirs.
    }
    return readFileSync(file, 'utf8').trim();
  }
}
