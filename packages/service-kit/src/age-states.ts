import {
  AGE_FEATURE_REFUSAL,
  ageFeatureMessage,
  agePolicyFeatures,
  contactAllowed,
  DEFAULT_AGE_POLICY,
  featureAllowed,
  type AgeFeature,
  type AgePolicy,
  type AgeState,
} from '@honne/contracts/age';
import { events, type EventPayload } from '@honne/contracts/events';
import type { Kysely } from 'kysely';

import type { Subscription } from './bus.ts';
import type { BaseContext } from './context.ts';
import { AppError } from './errors.ts';
import { serviceQueue } from './service.ts';

/**
 * The copy of the moderation service's age-assurance states (ADR 0031) that a service keeps to act
 * on them itself (chat's contact-exchange policy): one row per character, since these services
 * know characters, not people. No row: nothing was published yet, read as `self_declared_adult`
 * (which the default policy treats like any unverified person). An older event never overwrites a
 * newer one.
 */
export interface AgeStateTable {
  user_id: string;
  person_id: string;
  state: string;
  at: Date;
}
/** The policy as operators last set it (one row, id 1); no row: `DEFAULT_AGE_POLICY`. */
export interface AgePolicyTable {
  id: number;
  contact_pairs: string;
  /** Per feature, the states allowed (ADR 0038), JSON; null: every state (events from before it). */
  features: string | null;
  at: Date;
}
interface AgeStatesReadModel {
  person_age_states: AgeStateTable;
  age_policy: AgePolicyTable;
}

const asModel = <DB>(db: Kysely<DB>) => db as unknown as Kysely<AgeStatesReadModel>;

/** The table, for a service's migration (with `createProcessedEventsTable`: the event is durable). */
export async function createAgeStatesTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_age_states')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('age_policy')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('contact_pairs', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/**
 * The feature policy's column (ADR 0038), added after the table: a service that keeps the states
 * runs `createAgeStatesTable` then this, in that order, in its migrations.
 */
export async function addAgeFeaturesColumn(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('age_policy').addColumn('features', 'text').execute();
}

/**
 * The whole migration of a service that starts keeping the states after ADR 0038 (calls, topics):
 * the table, then the feature policy's column.
 */
export const ageStatesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await createAgeStatesTable(db);
    await addAgeFeaturesColumn(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('age_policy').execute();
    await db.schema.dropTable('person_age_states').execute();
  },
};

/** Applies one `safety.person.age_state` event. */
export async function applyAgeStateEvent<DB>(
  anyDb: Kysely<DB>,
  e: EventPayload<typeof events.personAgeState>,
): Promise<void> {
  if (e.user_ids.length === 0) return;
  const at = new Date(e.at);
  await asModel(anyDb)
    .insertInto('person_age_states')
    .values(e.user_ids.map((user_id) => ({ user_id, person_id: e.person_id, state: e.state, at })))
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ person_id: e.person_id, state: e.state, at })
        .where('person_age_states.at', '<=', at),
    )
    .execute();
}

/** Applies one `safety.age_policy.changed` event (the newest wins). */
export async function applyAgePolicyEvent<DB>(
  anyDb: Kysely<DB>,
  e: EventPayload<typeof events.agePolicyChanged>,
): Promise<void> {
  const at = new Date(e.at);
  const contact_pairs = JSON.stringify(e.contact_pairs);
  const features = e.features ? JSON.stringify(e.features) : null;
  await asModel(anyDb)
    .insertInto('age_policy')
    .values({ id: 1, contact_pairs, features, at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ contact_pairs, features, at }).where('age_policy.at', '<=', at))
    .execute();
}

/** Keeps the states and the policy from safety's durable events. */
export const subscribeAgeStates = (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database with the tables
  ctx: BaseContext & { db: Kysely<any> },
): Subscription[] => [
  ctx.bus.subscribe(events.personAgeState, (e) => applyAgeStateEvent(ctx.db, e), serviceQueue(ctx)),
  ctx.bus.subscribe(events.agePolicyChanged, (e) => applyAgePolicyEvent(ctx.db, e), serviceQueue(ctx)),
];

/** The policy as last published, or the default. */
export async function agePolicyOf<DB>(anyDb: Kysely<DB>): Promise<AgePolicy> {
  const row = await asModel(anyDb)
    .selectFrom('age_policy')
    .select(['contact_pairs', 'features'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row
    ? {
        contact_pairs: JSON.parse(row.contact_pairs) as AgePolicy['contact_pairs'],
        features: agePolicyFeatures(row.features),
      }
    : DEFAULT_AGE_POLICY;
}

/**
 * Refuses (403 `age_verification_required`, ADR 0038) a character whose person's state the policy
 * keeps from the feature; the message says where to verify. Called where the feature starts.
 */
export async function assertAgeFeature<DB>(anyDb: Kysely<DB>, userId: string, feature: AgeFeature): Promise<void> {
  const state = await ageStateOf(anyDb, userId);
  if (featureAllowed(state, feature, (await agePolicyOf(anyDb)).features)) return;
  throw new AppError(403, AGE_FEATURE_REFUSAL, ageFeatureMessage(feature, state));
}

/** A character's state as last published (`self_declared_adult` when none was). */
export async function ageStateOf<DB>(anyDb: Kysely<DB>, userId: string): Promise<AgeState> {
  const row = await asModel(anyDb)
    .selectFrom('person_age_states')
    .select('state')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.state as AgeState | undefined) ?? 'self_declared_adult';
}

/** Whether the contact-exchange policy lets these two characters swap contact details in a 1:1 chat. */
export async function contactAllowedBetween<DB>(anyDb: Kysely<DB>, a: string, b: string): Promise<boolean> {
  return contactAllowed(await ageStateOf(anyDb, a), await ageStateOf(anyDb, b), await agePolicyOf(anyDb));
}
