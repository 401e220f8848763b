import { openBus, type Bus } from './bus.ts';
import { openCache, type Cache } from './cache.ts';
import { systemClock, type Clock } from './clock.ts';
import type { BaseConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { openObjects, type ObjectStore } from './objects.ts';
import { instrumentBus } from './metrics.ts';
import { startTracing } from './tracing.ts';

/** What every service's AppContext holds; services add their db and their own parts. */
export interface BaseContext {
  config: BaseConfig;
  log: Logger;
  bus: Bus;
  cache: Cache;
  clock: Clock;
  /** Uploaded bytes outside the database when S3_URL is set; undefined: they stay in their rows. */
  objects: ObjectStore | undefined;
  /** Extra checks for /health, e.g. the database. */
  healthChecks?: [string, () => Promise<unknown>][];
}

export type BaseOverrides = Partial<Pick<BaseContext, 'log' | 'bus' | 'cache' | 'clock' | 'objects'>>;

/**
 * Opens the bus and cache the config points at, unless the caller passes its own (tests, and the
 * embedded launcher that shares one in-process bus and cache between all services).
 */
export async function openBaseContext(
  config: BaseConfig,
  overrides: BaseOverrides = {},
): Promise<BaseContext & { closeOwned(): Promise<void> }> {
  await startTracing(config.service);
  const log = overrides.log ?? createLogger(config.service, config.logLevel);
  const ownBus =
    overrides.bus ?? (await openBus(config.natsUrl, config.service, log, { replicas: config.natsReplicas }));
  const bus = instrumentBus(ownBus, config.service);
  const cache =
    overrides.cache ??
    (await openCache(config.redisUrl, (err) => log.warn({ err }, 'Redis connection lost; reconnecting')));
  const objects = 'objects' in overrides ? overrides.objects : await openObjects(config.s3Url, config.service);
  return {
    config,
    log,
    bus,
    cache,
    clock: overrides.clock ?? systemClock,
    objects,
    closeOwned: async () => {
      if (!overrides.bus) await ownBus.close();
      if (!overrides.cache) await cache.close();
      if (!('objects' in overrides)) (objects as { close?: () => void } | undefined)?.close?.();
    },
  };
}
