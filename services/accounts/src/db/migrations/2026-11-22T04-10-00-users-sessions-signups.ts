import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_infomation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_first_login', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_name', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('gender', 'text')
    .addColumn('age_id', 'integer')
    .addColumn('area_id', 'integer')
    .addColumn('saved_message_time', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('sound_settings', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'{"setting1":30,"setting2":50,"setting3":40}'::jsonb`),
    )
    .addColumn('max_point_for_chatting', 'integer', (c) => c.notNull().defaultTo(500))
    .addColumn('max_point_for_a_call', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_email_id').on('users').column('email_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text')
    .addColumn('fcm_token', 'text')
    .addColumn('voip_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema
    .createIndex('sessions_live_by_user')
    .on('sessions')
    .column('user_id')
    .where(sql<boolean>`revoked_at is null`)
    .execute();

  await db.schema
    .createTable('pending_signups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pending_signups_email').on('pending_signups').columns(['email', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_signups').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
