import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read models of accounts' events: cards (names, avatars), retention, blocks, friends.
  await db.schema
    .createTable('user_cards')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('user_name', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('gender', 'text')
    .addColumn('age_id', 'integer')
    .addColumn('area_id', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('saved_message_time', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull())
    .addColumn('blocked_id', 'text', (c) => c.notNull())
    .addColumn('blocked', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createTable('friends')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('friend_id', 'text', (c) => c.notNull())
    .addColumn('friend', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('friends_pk', ['user_id', 'friend_id'])
    .execute();

  // One room per pair per voice (or per pair for friends): pair_key makes double submits one row.
  await db.schema
    .createTable('rooms')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('pair_key', 'text', (c) => c.notNull().unique())
    .addColumn('room_type_id', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'text')
    .addColumn('topic_title', 'text')
    .addColumn('topic_owner_id', 'text')
    .addColumn('topic_anonymous', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('topic_callable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('chat_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('call_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('topic_expire_at', 'timestamptz')
    .addColumn('opener_id', 'text', (c) => c.notNull())
    .addColumn('user1_id', 'text', (c) => c.notNull())
    .addColumn('user2_id', 'text', (c) => c.notNull())
    .addColumn('user1_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('user2_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('price_confirmed_at', 'timestamptz')
    .addColumn('bonus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_replied', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rated_by', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rooms_user1').on('rooms').column('user1_id').execute();
  await db.schema.createIndex('rooms_user2').on('rooms').column('user2_id').execute();
  await db.schema.createIndex('rooms_topic').on('rooms').column('topic_id').execute();

  // `seq` orders messages (keyset paging, `since`); ids are uuids the clients see.
  await db.schema
    .createTable('messages')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('receiver_id', 'text', (c) => c.notNull())
    .addColumn('message_type_id', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('stamp_id', 'integer')
    .addColumn('is_sound', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sound_tab', 'integer')
    .addColumn('sound_item', 'integer')
    .addColumn('is_voice', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image_id', 'uuid')
    .addColumn('refused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expire_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_room_seq').on('messages').columns(['room_id', 'seq']).execute();
  await db.schema.createIndex('messages_receiver_unread').on('messages').columns(['receiver_id', 'is_read']).execute();
  await db.schema.createIndex('messages_expire').on('messages').column('expire_at').execute();
  await sql`CREATE UNIQUE INDEX messages_client_id ON messages (sender_id, client_id) WHERE client_id IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('images')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('uploader_id', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expire_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_expire').on('images').column('expire_at').execute();

  await db.schema
    .createTable('room_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('reported_id', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('room_ratings')
    .addColumn('room_id', 'uuid', (c) => c.notNull())
    .addColumn('rater_id', 'text', (c) => c.notNull())
    .addColumn('rated_id', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('star', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('room_ratings_pk', ['room_id', 'rater_id', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'room_ratings',
    'room_reports',
    'images',
    'messages',
    'rooms',
    'friends',
    'blocks',
    'user_settings',
    'user_cards',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
