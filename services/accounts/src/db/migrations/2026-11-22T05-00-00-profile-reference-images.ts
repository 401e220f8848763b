import { sql, type Kysely } from 'kysely';

// Area 1 means all areas (used as "all" in filters); 2–48 are the prefectures, north to south.
const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
];
const AGES = ['10代', '20代', '30代', '40代', '50代', '60代以上'];

/** The rows this migration seeds, typed as the tables are when it runs (not the app's schema now). */
type Seeded = {
  areas: { id: number; name: string };
  ages: { id: number; name: string };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const seed = db.withTables<Seeded>();
  await db.schema
    .createTable('areas')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await seed
    .insertInto('areas')
    .values([{ id: 1, name: '全国' }, ...PREFECTURES.map((name, i) => ({ id: i + 2, name }))])
    .execute();
  await db.schema
    .createTable('ages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await seed
    .insertInto('ages')
    .values(AGES.map((name, i) => ({ id: i + 1, name })))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('blood_settings', 'jsonb')
    .addColumn('character_tags', 'text')
    .addColumn('input_word', 'text')
    .addColumn('input_detail', 'text')
    .addColumn('facebook', 'text')
    .addColumn('instagram', 'text')
    .addColumn('twitter', 'text')
    .addColumn('avatar_register_info', 'jsonb')
    .addColumn('call_volume', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('chat_volume', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('voice_call', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('call_ringtone', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('message_ringtone', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('character_no', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Characters of one account are numbered 1–3; the number is unique within the account.
  await db.schema
    .createIndex('users_account_character')
    .on('users')
    .columns(['email_id', 'character_no'])
    .unique()
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('one_time_codes_purpose_subject', ['purpose', 'subject'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('one_time_codes').execute();
  await db.schema.dropTable('images').execute();
  await db.schema.dropIndex('users_account_character').execute();
  for (const c of [
    'blood_settings',
    'character_tags',
    'input_word',
    'input_detail',
    'facebook',
    'instagram',
    'twitter',
    'avatar_register_info',
    'call_volume',
    'chat_volume',
    'voice_call',
    'call_ringtone',
    'message_ringtone',
    'character_no',
  ]) {
    await db.schema.alterTable('users').dropColumn(c).execute();
  }
  await db.schema.dropTable('ages').execute();
  await db.schema.dropTable('areas').execute();
}
