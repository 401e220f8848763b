import { addAgeFeaturesColumn } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/** The feature policy (ADR 0038): which age states may open a paid chat. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addAgeFeaturesColumn(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('age_policy').dropColumn('features').execute();
}
