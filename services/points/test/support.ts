import { events, requests } from '@honne/contracts/events';
import type { GrantBody } from '@honne/contracts/points';
import { IDENTITY_HEADERS, type Bus, type Clock } from '@honne/service-kit';
import { publishAndWait, testConfig, testInfra, uniqueName, type InfraMode } from '@honne/service-kit/testing';

import type { PointsConfig } from '../src/config.ts';
import { TEEN_AGE_ID } from '../src/domain/spend-caps.ts';
import { createService, type RunningService } from '../src/server.ts';

export function pointsConfig(mode: InfraMode, extra: Partial<PointsConfig> = {}): PointsConfig {
  return { ...testConfig('points', mode), lotPolicy: 'expire', ...extra };
}

/** What the console's operator asks through safety (ADR 0034), asked here as safety does: over the bus. */
export const OPERATOR = 'operator:points-suite';
export const operatorGrant = (bus: Bus, grant: GrantBody) =>
  bus.request(requests.pointsOperatorGrant, { actor: OPERATOR, grant });

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
    /**
     * Accounts' profile event for a character of person `family`, once points holds its age group and
     * has flagged the person's accounts capped or not (the flag's write opens the account: call this
     * before the user's first transfer).
     */
    profile: (user: string, family: string, ageId: number) =>
      publishAndWait(
        infra.bus,
        events.userProfileUpdated,
        {
          user_id: user,
          email_id: family,
          user_name: user,
          profile_image: null,
          gender: '1',
          age_id: ageId,
          area_id: 1,
          max_point_for_chatting: 0,
          max_point_for_a_call: 0,
          updated_at: points.ctx.clock.now().toISOString(),
        },
        async () => {
          const row = await points.ctx.db
            .selectFrom('spender_ages')
            .innerJoin('accounts', 'accounts.user_id', 'spender_ages.user_id')
            .select('teen')
            .where('spender_ages.user_id', '=', user)
            .executeTakeFirst();
          return row?.teen === (ageId === TEEN_AGE_ID);
        },
      ),
    close: async () => {
      await points.close();
      await infra.close();
    },
  };
}
