import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('topic_hearts')
    .addColumn('topic_id', 'uuid', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_hearts_pk', ['topic_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('topic_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('topic_id', 'text', (c) => c.notNull())
    .addColumn('poster_id', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('topic_reports').execute();
  await db.schema.dropTable('topic_hearts').execute();
}
