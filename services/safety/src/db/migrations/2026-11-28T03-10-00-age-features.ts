import type { Kysely } from 'kysely';

/** Which age states may use each feature (ADR 0038), JSON; null: every state (the default). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('age_policy').addColumn('features', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('age_policy').dropColumn('features').execute();
}
