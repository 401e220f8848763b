import { createRestrictionsTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** The restrictions on people (issue 27): a muted, suspended or banned person cannot start anything here. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRestrictionsTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('person_restrictions').execute();
}
