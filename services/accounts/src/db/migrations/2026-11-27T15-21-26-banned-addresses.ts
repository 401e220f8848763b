import type { Kysely } from 'kysely';

/**
 * The addresses of banned people (issue 27): sign-up with one of them is refused until the ban is
 * lifted. Kept as a keyed hash (HMAC of the normalised address), not the address itself: the row
 * outlives the account's deletion and needs only to recognise the address again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banned_addresses')
    .addColumn('address_hash', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('banned_addresses_person').on('banned_addresses').column('person_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('banned_addresses').execute();
}
