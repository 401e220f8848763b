import { IDENTITY_HEADERS, type Clock } from '@honne/service-kit';
import { testConfig, testInfra, uniqueName, type InfraMode } from '@honne/service-kit/testing';

import type { PointsConfig } from '../src/config.ts';
import { createService, type RunningService } from '../src/server.ts';

export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

export function pointsConfig(mode: InfraMode, extra: Partial<PointsConfig> = {}): PointsConfig {
  return { ...testConfig('points', mode), operatorToken: OPERATOR_TOKEN, lotPolicy: 'expire', ...extra };
}

export async function startPoints(mode: InfraMode, extra: Partial<PointsConfig> = {}, clock?: Clock) {
  const infra = await testInfra(mode);
  const config = pointsConfig(mode, extra);
  const points: RunningService = await createService(config, {
    bus: infra.bus,
    cache: infra.cache,
    ...(clock ? { clock } : {}),
    inMemoryDb: !mode.databaseUrl,
    schema: uniqueName('points'),
  });
  return {
    infra,
    points,
    config,
    /** Headers the gateway would set for this signed-in user. */
    as: (userId: string) => ({
      [IDENTITY_HEADERS.userId]: userId,
      [IDENTITY_HEADERS.sessionId]: 's',
      [IDENTITY_HEADERS.internalToken]: config.internalToken,
    }),
    close: async () => {
      await points.close();
      await infra.close();
    },
  };
}
