import { createAgeStatesTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** People's age-assurance states and the policy (ADR 0031): contact exchange in 1:1 chats goes by the pair. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAgeStatesTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('age_policy').execute();
  await db.schema.dropTable('person_age_states').execute();
}
