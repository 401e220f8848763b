import { randomUUID } from 'node:crypto';

import { DEFAULT_AGE_POLICY, type AgeFeaturePolicy, type AgeState } from '@honne/contracts/age';
import { events } from '@honne/contracts/events';
import type { Kysely } from 'kysely';

import type { Bus } from './bus.ts';
import { publishAndWait } from './testing.ts';

/**
 * Publishes safety's age-assurance events (ADR 0031, 0038) as safety would, and waits until the
 * service under test (`db`, with kit age-states.ts's tables) holds them. Each call is newer than
 * the last, so the newest always wins.
 */
export function ageEvents(bus: Bus, db: () => Kysely<unknown>) {
  let tick = 0;
  const nextAt = () => new Date(Date.now() + ++tick).toISOString();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kit's tables in any service's database
  const model = () => db() as Kysely<any>;
  const heldAt = async (table: string, column: string, key: string | number, at: string) => {
    const row = await model().selectFrom(table).select('at').where(column, '=', key).executeTakeFirst();
    return (row?.at as Date | undefined)?.getTime() === new Date(at).getTime();
  };
  return {
    async setState(userId: string, state: AgeState): Promise<void> {
      const at = nextAt();
      await publishAndWait(
        bus,
        events.personAgeState,
        { event_id: randomUUID(), person_id: `person-${userId}`, user_ids: [userId], state, at },
        () => heldAt('person_age_states', 'user_id', userId, at),
      );
    },
    async setFeatures(features: AgeFeaturePolicy): Promise<void> {
      const at = nextAt();
      await publishAndWait(
        bus,
        events.agePolicyChanged,
        { event_id: randomUUID(), contact_pairs: DEFAULT_AGE_POLICY.contact_pairs, features, at },
        () => heldAt('age_policy', 'id', 1, at),
      );
    },
  };
}
