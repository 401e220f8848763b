import { sql, type Kysely } from 'kysely';

/**
 * Friend requests (issue 33, walk #21): honne's screens ask and the other side accepts. One open
 * request per direction; a deleted account takes its requests along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('from_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('room_id', 'text')
    .addColumn('topic_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('friend_requests_pair', ['from_id', 'to_id'])
    .execute();
  await db.schema.createIndex('friend_requests_by_receiver').on('friend_requests').column('to_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('friend_requests').execute();
}
