import { addAgeFeaturesColumn, createAgeStatesTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** People's age-assurance states and the policy (ADR 0031, 0038): features kept from some states. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAgeStatesTable(db);
  await addAgeFeaturesColumn(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('age_policy').execute();
  await db.schema.dropTable('person_age_states').execute();
}
