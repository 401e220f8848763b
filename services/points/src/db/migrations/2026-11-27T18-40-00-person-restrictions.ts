import { createRestrictionsTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** The restrictions on people (issue 27, ADR 0030): a person whose points are frozen cannot spend or gift. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRestrictionsTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('person_restrictions').execute();
}
