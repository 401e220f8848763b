import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per direction, so each side lists its friends with one index scan; both rows are
  // written and removed together.
  await db.schema
    .createTable('friends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('room_id', 'text')
    .addColumn('topic_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('friends_pair', ['user_id', 'friend_id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('blocker_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('blocks_pair', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();

  // Kept for moderation even after either user is gone (no foreign keys).
  await db.schema
    .createTable('user_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_id', 'uuid', (c) => c.notNull())
    .addColumn('reported_id', 'uuid', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_user_name').on('users').column('user_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_user_name').execute();
  await db.schema.dropTable('user_reports').execute();
  await db.schema.dropTable('blocks').execute();
  await db.schema.dropTable('friends').execute();
}
