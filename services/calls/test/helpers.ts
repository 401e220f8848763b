import { IDENTITY_HEADERS } from '@honne/service-kit';
import { testConfig, testInfra, uniqueName, type InfraMode } from '@honne/service-kit/testing';
import { sql } from 'kysely';

import type { CallsConfig } from '../src/config.ts';
import { createService, type RunningService } from '../src/server.ts';

export interface TestCalls extends RunningService {
  /** Headers the gateway sets for a signed-in caller. */
  as(userId: string): Record<string, string>;
}

/** The calls service's test configuration: no ICE servers, no LiveKit, no TURN, unless `settings` says. */
export function callsTestConfig(mode: InfraMode, settings: Partial<CallsConfig> = {}): CallsConfig {
  return {
    ...testConfig('calls', mode),
    iceServers: [],
    livekit: undefined,
    turnSecret: undefined,
    turnTtlSeconds: 3600,
    ...settings,
  };
}

/** Starts the calls service on `mode`'s infrastructure in a schema of its own. */
export async function startCalls(
  mode: InfraMode,
  settings: Partial<Pick<CallsConfig, 'iceServers' | 'livekit' | 'turnSecret' | 'turnTtlSeconds'>> = {},
): Promise<TestCalls> {
  const infra = await testInfra(mode);
  const config = callsTestConfig(mode, settings);
  const schema = uniqueName('calls');
  const service = await createService(config, { bus: infra.bus, cache: infra.cache, inMemoryDb: true, schema });
  return {
    ...service,
    as: (userId) => ({
      [IDENTITY_HEADERS.internalToken]: config.internalToken,
      [IDENTITY_HEADERS.userId]: userId,
      [IDENTITY_HEADERS.sessionId]: `session-of-${userId}`,
    }),
    close: async () => {
      // Leave a shared PostgreSQL as the suite found it.
      if (mode.databaseUrl) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(service.ctx.db);
      await service.close();
      await infra.close();
    },
  };
}
