import { sql, type Kysely } from 'kysely';

/**
 * Opening a paid chat is one durable flow (issue 26): the plan (the room to create, the fee to
 * charge) is written before the charge and removed in the transaction that creates the room, so a
 * crash between the charge and the room leaves a row the recovery job finishes — one room, one charge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paid_openings')
    .addColumn('room_id', 'text', (c) => c.primaryKey())
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paid_openings').execute();
}
