// The chat service alone (its own process, as in production), with the bench's pairs seeded as
// friend rooms: user-0 with user-1, user-2 with user-3, ...
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createService, loadConfig } from '@honne/chat';
import type { TextFilter } from '@honne/text-filter';
import { sql } from 'kysely';

import { answerMeasurements, reply } from './lib/child.ts';

const config = loadConfig({
  ...process.env,
  CHAT_PORT: '0',
  // The bench's clients send as fast as they can on purpose: flood limits would measure themselves.
  FLOOD_LIMITS: 'off',
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-chat-')),
});
// A schema of its own per run: messages left by earlier runs would expire during this one, and the purge's
// bursts of deletes and events would be measured as this run's latency.
// BENCH_CHAT_SCHEMA: a second instance (the scale-out comparison) joins the first's schema and rooms.
const joined = process.env.BENCH_CHAT_SCHEMA;
const schema = joined ?? `bench_chat_${process.pid}`;
const chat = await createService(config, { inMemoryDb: !config.databaseUrl, schema });
const url = await chat.app.listen({ host: config.host, port: 0 });
// BENCH_FILTER=off (the filter comparison's "off" run): the word lists pass every text unread, so the
// difference from the "on" run is the filter's cost on the send path. The contact guard runs in both.
if (process.env.BENCH_FILTER === 'off' && chat.ctx.filterLists) {
  chat.ctx.filterLists.stop();
  chat.ctx.filterLists.filter = {
    check: (text: string) => ({ action: 'pass', matches: [], masked: text }),
  } as unknown as TextFilter;
}

const users = joined ? 0 : Number(process.env.BENCH_SOCKET_USERS ?? 0);
const rooms: string[] = [];
const now = new Date();
const rows = [];
for (let i = 0; i + 1 < users; i += 2) {
  const id = randomUUID();
  rooms.push(id);
  const [a, b] = [`user-${i}`, `user-${i + 1}`].sort() as [string, string];
  rows.push({
    id,
    pair_key: `friend:${a}:${b}:${id}`,
    room_type_id: 1,
    topic_id: null,
    topic_title: null,
    topic_owner_id: null,
    topic_expire_at: null,
    opener_id: a,
    user1_id: a,
    user2_id: b,
    user1_anonymous: false,
    user2_anonymous: false,
    price_confirmed_at: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
}
for (let i = 0; i < rows.length; i += 500)
  await chat.ctx.db
    .insertInto('rooms')
    .values(rows.slice(i, i + 500))
    .execute();

answerMeasurements();
reply({
  type: 'ready',
  url,
  rooms,
  db: config.databaseUrl ? 'postgres' : 'pglite',
  schema,
  bus: chat.ctx.bus.kind,
  cache: chat.ctx.cache.kind,
});
process.once(
  'SIGTERM',
  () =>
    void (async () => {
      if (config.databaseUrl && !joined)
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(chat.ctx.db).catch(() => undefined);
      await chat.close();
      process.exit(0);
    })(),
);
