import type { Kysely } from 'kysely';

/**
 * What the ledger knows of a user's age for the monthly spend caps of users under 18: whether the
 * profile says teens (10代), and the age bracket the user declared (the profile's age groups cannot
 * tell 15 from 19). `family_id` is the parent account (email_id): a person's characters share one cap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spender_ages')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('teen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('declared', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spender_ages_family').on('spender_ages').column('family_id').execute();
  // Set on every account of a person under 18, so a transfer looks the cap up only for them.
  await db.schema
    .alterTable('accounts')
    .addColumn('capped', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('capped').execute();
  await db.schema.dropTable('spender_ages').execute();
}
