import { sql, type Kysely } from 'kysely';

/**
 * The ledger becomes double entry: one `transfers` row per movement (debit account → credit
 * account), purchased points in `lots`, and the purchased part of each balance kept apart.
 * `entries` was never written, so it is replaced rather than migrated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entries').execute();
  await sql`alter table accounts drop constraint accounts_balance_check`.execute(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('purchased', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // House accounts are the only ones that go below zero; a user's purchased part is within the balance.
  await sql`alter table accounts add constraint accounts_balance_check
    check (balance >= 0 or user_id like 'house:%')`.execute(db);
  await sql`alter table accounts add constraint accounts_purchased_check
    check (purchased >= 0 and (purchased <= balance or user_id like 'house:%'))`.execute(db);

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('debit_account', 'text', (c) => c.notNull())
    .addColumn('credit_account', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('purchased_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('room_id', 'text')
    .addColumn('call_id', 'text')
    .addColumn('gift_id', 'text')
    .addColumn('actor', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('transfers_two_sides', sql`debit_account <> credit_account`)
    .execute();
  await db.schema
    .createIndex('transfers_debit_created')
    .on('transfers')
    .columns(['debit_account', 'created_at'])
    .execute();
  await db.schema
    .createIndex('transfers_credit_created')
    .on('transfers')
    .columns(['credit_account', 'created_at'])
    .execute();

  await db.schema
    .createTable('lots')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('transfer_id', 'uuid', (c) => c.notNull().references('transfers.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('lots_user_issued').on('lots').columns(['user_id', 'issued_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lots').execute();
  await db.schema.dropTable('transfers').execute();
  await sql`alter table accounts drop constraint accounts_purchased_check`.execute(db);
  await sql`alter table accounts drop constraint accounts_balance_check`.execute(db);
  await db.schema.alterTable('accounts').dropColumn('purchased').execute();
  await sql`alter table accounts add constraint accounts_balance_check check (balance >= 0)`.execute(db);
  await db.schema
    .createTable('entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
