import { sql, type Kysely } from 'kysely';

/**
 * A message the filter held for review (ADR 0028): stored refused (so no read of the receiver's ever
 * shows it, as for a block) and marked held, so a moderator's release can deliver it and a discard
 * delete it — and never touch a message a block refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('held', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('held').execute();
}
