// The topics service alone (its own process), seeded with one theme of many live voices.
// Asked by topics-list.ts; answers 'explain' with the plan of the exact list query it serves.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createService, decodeCursor, listLiveQuery, loadConfig } from '@honne/topics';
import { sql } from 'kysely';

import { answerMeasurements, reply } from './lib/child.ts';

const VOICES = Number(process.env.BENCH_VOICES ?? 10_000);
/** Voices in other themes, so the index has something to skip. */
const OTHER_VOICES = Number(process.env.BENCH_OTHER_VOICES ?? 60_000);
const POSTERS = 2_000;

const config = loadConfig({
  ...process.env,
  TOPICS_PORT: '0',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-topics-')),
});
const schema = `bench_topics_${process.pid}`;
const service = await createService(config, { inMemoryDb: !config.databaseUrl, schema });
const { db } = service.ctx;
const now = new Date();

// Posters in the user-card read model: genders and age bands spread evenly.
const cards = Array.from({ length: POSTERS }, (_, i) => ({
  user_id: `poster-${i}`,
  email_id: `poster-${i}`,
  user_name: `投稿者${i}`,
  profile_image: `/api/v1/users/avatars/female/${(i % 76) + 1}.svg`,
  gender: String((i % 3) + 1),
  age_id: (i % 6) + 1,
  area_id: 14,
  max_point_for_chatting: 100,
  max_point_for_a_call: 100,
  updated_at: now,
}));
for (let i = 0; i < cards.length; i += 1000)
  await db
    .insertInto('user_cards')
    .values(cards.slice(i, i + 1000))
    .execute();

const thread = {
  id: randomUUID(),
  name: 'ベンチマークのテーマ',
  area_id: 14,
  category_id: 2,
  sub_category_id: 6,
  user_id: 'poster-0',
  is_default: false,
  created_at: now,
};
const others = Array.from({ length: 9 }, (_, i) => ({
  ...thread,
  id: randomUUID(),
  name: `ほかのテーマ${i}`,
  sub_category_id: 6 + (i % 3),
  area_id: 13 + i,
}));
await db
  .insertInto('threads')
  .values([thread, ...others])
  .execute();

const WINDOW_MS = 48 * 60 * 60_000;
const voice = (threadRow: typeof thread, i: number, count: number) => ({
  id: randomUUID(),
  thread_id: threadRow.id,
  user_id: `poster-${i % POSTERS}`,
  title: `本音その${i}`,
  detail: '',
  comment: 'だれか話しませんか？'.repeat(3),
  category_id: threadRow.category_id,
  sub_category_id: threadRow.sub_category_id,
  area_id: threadRow.area_id,
  chat_price: (i % 4) * 10,
  call_price: 0,
  time_call_price: 1,
  purchase_on_start: false,
  purchase_type: 0,
  is_callable: i % 2 === 0,
  is_anonymous: i % 5 === 0,
  is_not_free: i % 4 !== 0,
  expire_after_minute: 4320,
  // Every theme's voices spread over the same last 48 hours, all still live (72 h expiry).
  created_at: new Date(now.getTime() - Math.floor((i * WINDOW_MS) / count)),
  expire_at: new Date(now.getTime() - Math.floor((i * WINDOW_MS) / count) + 4320 * 60_000),
});
const rows = [
  ...Array.from({ length: VOICES }, (_, i) => voice(thread, i, VOICES)),
  ...Array.from({ length: OTHER_VOICES }, (_, i) => voice(others[i % others.length]!, i, OTHER_VOICES)),
];
for (let i = 0; i < rows.length; i += 1000)
  await db
    .insertInto('topics')
    .values(rows.slice(i, i + 1000))
    .execute();
await sql`ANALYZE`.execute(db);

process.on('message', (msg: { type: string; query?: Record<string, string> }) => {
  if (msg.type !== 'explain') return;
  const q = msg.query ?? {};
  const compiled = listLiveQuery(
    db,
    new Date(),
    { threadId: thread.id, gender: q.gender, ageId: q.age_id ? Number(q.age_id) : undefined },
    decodeCursor(q.last_doc_id),
    30,
  ).compile();
  void db
    .executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}` })
    .then((res) => reply({ type: 'explain', plan: res.rows.map((r) => r['QUERY PLAN']).join('\n') }));
});

const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
answerMeasurements();
reply({
  type: 'ready',
  url,
  db: config.databaseUrl ? 'postgresql' : 'pglite',
  threadId: thread.id,
  voices: VOICES,
  otherVoices: OTHER_VOICES,
});
process.once(
  'SIGTERM',
  () =>
    void (async () => {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db).catch(() => undefined);
      await service.close();
      process.exit(0);
    })(),
);
