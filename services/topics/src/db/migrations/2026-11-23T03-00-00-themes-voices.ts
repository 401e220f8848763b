import { randomBytes, scryptSync } from 'node:crypto';

import { sql, type Kysely } from 'kysely';

// Migrations import nothing from the app: the seed data and the hash format live here.

const CATEGORIES: [number, string, number | null][] = [
  [1, '恋愛・結婚', null],
  [2, '仕事・キャリア', null],
  [3, '趣味・エンタメ', null],
  [4, '暮らし・家族', null],
  [5, '悩み・相談', null],
  // Ids above 5 stay out of the latest-posts picker and cap the live voices per theme.
  [6, '地域の話題', 50],
  [7, '推し活', 30],
  [8, '深夜のひとりごと', 20],
];

/** [id, category, name, longest expiry in minutes, password or null] */
const SUB_CATEGORIES: [number, number, string, number, string | null][] = [
  [1, 1, '片思い', 1440, null],
  [2, 1, '恋人との悩み', 4320, null],
  [3, 1, '婚活・結婚', 4320, null],
  [4, 1, '失恋', 720, null],
  [5, 1, '大人の恋バナ', 180, 'honne18'],
  [6, 2, '転職', 4320, null],
  [7, 2, '職場の人間関係', 1440, null],
  [8, 2, '副業・フリーランス', 4320, null],
  [9, 2, '今日の仕事おつかれさま', 30, null],
  [10, 3, 'アニメ・マンガ', 4320, null],
  [11, 3, 'ゲーム', 1440, null],
  [12, 3, '音楽・ライブ', 2880, null],
  [13, 3, '映画・ドラマ', 2880, null],
  [14, 3, 'いま見てる実況', 20, null],
  [15, 4, '子育て', 4320, null],
  [16, 4, '料理・ごはん', 720, null],
  [17, 4, 'ペット', 2880, null],
  [18, 4, '住まい・ご近所', 4320, null],
  [19, 5, '人間関係', 1440, null],
  [20, 5, '健康・メンタル', 1440, null],
  [21, 5, 'お金の悩み', 4320, null],
  [22, 5, 'ちょっと聞いて', 10, null],
  [23, 6, '地元のおすすめ', 4320, null],
  [24, 6, 'イベント・お祭り', 1440, null],
  [25, 6, '天気・災害情報', 120, null],
  [26, 7, 'アイドル', 2880, null],
  [27, 7, '俳優・声優', 2880, null],
  [28, 7, 'VTuber', 1440, null],
  [29, 7, 'スポーツ選手', 2880, null],
  [30, 8, '眠れない夜に', 360, null],
  [31, 8, '今日あったこと', 180, null],
  [32, 8, '5分だけ話したい', 5, null],
  [33, 8, '秘密の話', 60, 'himitsu'],
];

function hashPassword(pw: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${scryptSync(pw, salt, 32).toString('hex')}`;
}

/** The rows this migration seeds, typed as the tables are when it runs (not the app's schema now). */
type Seeded = {
  categories: { id: number; name: string; topic_max_num: number | null; sort_order: number };
  sub_categories: {
    id: number;
    category_id: number;
    name: string;
    topic_expire_after_max_minutes: number;
    pw_hash: string | null;
    sort_order: number;
  };
  service_meta: { key: string; value: string };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const seed = db.withTables<Seeded>();
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('topic_max_num', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sub_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('topic_expire_after_max_minutes', 'integer', (c) => c.notNull())
    .addColumn('pw_hash', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sub_category_unlocks')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('sub_category_id', 'integer', (c) => c.notNull().references('sub_categories.id'))
    .addColumn('unlocked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sub_category_unlocks_pk', ['user_id', 'sub_category_id'])
    .execute();

  await db.schema
    .createTable('threads')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('sub_category_id', 'integer', (c) => c.notNull().references('sub_categories.id'))
    .addColumn('user_id', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX threads_by_theme ON threads (sub_category_id, area_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX threads_recent ON threads (created_at DESC, id DESC)`.execute(db);
  // At most one automatic theme per sub-category and area, however many users arrive at once.
  await sql`CREATE UNIQUE INDEX threads_one_default ON threads (sub_category_id, area_id) WHERE is_default`.execute(db);

  await db.schema
    .createTable('topics')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('thread_id', 'uuid', (c) => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('sub_category_id', 'integer', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull())
    .addColumn('chat_price', 'integer', (c) => c.notNull())
    .addColumn('call_price', 'integer', (c) => c.notNull())
    .addColumn('time_call_price', 'integer', (c) => c.notNull())
    .addColumn('purchase_on_start', 'boolean', (c) => c.notNull())
    .addColumn('purchase_type', 'integer', (c) => c.notNull())
    .addColumn('is_callable', 'boolean', (c) => c.notNull())
    .addColumn('is_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('is_not_free', 'boolean', (c) => c.notNull())
    .addColumn('click_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heart_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire_after_minute', 'integer', (c) => c.notNull())
    .addColumn('expire_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Keyset pages newest first, by theme, by sub-category and area, by category, and overall.
  await sql`CREATE INDEX topics_by_thread ON topics (thread_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX topics_by_sub ON topics (sub_category_id, area_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX topics_by_category ON topics (category_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX topics_recent ON topics (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX topics_expiry ON topics (expire_at)`.execute(db);
  await sql`CREATE INDEX topics_by_user ON topics (user_id, thread_id)`.execute(db);

  await db.schema
    .createTable('topic_clicks')
    .addColumn('topic_id', 'uuid', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_clicks_pk', ['topic_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('user_cards')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('gender', 'text')
    .addColumn('age_id', 'integer')
    .addColumn('area_id', 'integer')
    .addColumn('max_point_for_chatting', 'integer', (c) => c.notNull())
    .addColumn('max_point_for_a_call', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_presence')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('online', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_filters')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('user_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gender', 'text')
    .addColumn('age_id', 'integer')
    .addColumn('area_id', 'integer')
    .addColumn('area', 'text')
    .addColumn('category_id', 'integer')
    .addColumn('sub_category_id', 'integer')
    .addColumn('latest_joined_thread', 'text')
    .addColumn('is_first_search', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('history')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('topic_id', 'uuid', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('partner_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('latest_message', 'text')
    .addColumn('expire_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('history_user_room', ['user_id', 'room_id'])
    .execute();
  await sql`CREATE INDEX history_by_user ON history (user_id, updated_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX history_by_topic ON history (topic_id)`.execute(db);
  await sql`CREATE INDEX history_by_room ON history (room_id)`.execute(db);

  await db.schema
    .createTable('replies')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('topic_id', 'uuid', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('is_anonymous', 'boolean', (c) => c.notNull())
    .addColumn('is_replied', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('replies_topic_room', ['topic_id', 'room_id'])
    .execute();
  await sql`CREATE INDEX replies_by_topic ON replies (topic_id, created_at DESC, id DESC)`.execute(db);

  await seed
    .insertInto('categories')
    .values(CATEGORIES.map(([id, name, max], i) => ({ id, name, topic_max_num: max, sort_order: i + 1 })))
    .execute();
  await seed
    .insertInto('sub_categories')
    .values(
      SUB_CATEGORIES.map(([id, category_id, name, minutes, pw], i) => ({
        id,
        category_id,
        name,
        topic_expire_after_max_minutes: minutes,
        pw_hash: pw ? hashPassword(pw) : null,
        sort_order: i + 1,
      })),
    )
    .execute();
  await seed.insertInto('service_meta').values({ key: 'reference_seed', value: '1' }).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'replies',
    'history',
    'user_filters',
    'user_presence',
    'user_cards',
    'topic_clicks',
    'topics',
    'threads',
    'sub_category_unlocks',
    'sub_categories',
    'categories',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.withTables<Seeded>().deleteFrom('service_meta').where('key', '=', 'reference_seed').execute();
}
