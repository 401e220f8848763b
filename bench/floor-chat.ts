// The chat floor's service: for each NATS request, one INSERT … RETURNING in PostgreSQL, one Lua call
// in Redis taking the receiver's next seq and appending the event to a capped log, one NATS publish
// of the event and the reply — the stack's storage and bus hops, message by message, with none of
// its code (no room read, rules, views, batching or schema checks). See chat-delivery.ts.
import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';
import { connect, JSONCodec } from 'nats';
import pg from 'pg';

import { answerMeasurements, reply } from './lib/child.ts';

const codec = JSONCodec<Record<string, unknown>>();
const schema = `bench_floor_${process.pid}`;
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await db.query(`create schema ${schema}`);
await db.query(`create table ${schema}.messages (
  seq bigserial primary key, id uuid not null unique, sender_id text not null, receiver_id text not null,
  data text not null, created_at timestamptz not null, expire_at timestamptz not null)`);
const redis = new Redis(process.env.REDIS_URL!, { enableAutoPipelining: true });
redis.defineCommand('appendNext', {
  numberOfKeys: 2,
  lua: `local n = redis.call('INCR', KEYS[1])
redis.call('ZADD', KEYS[2], n, ARGV[1] .. n .. '}')
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -1001)
redis.call('EXPIRE', KEYS[2], 604800)
return n`,
});
const appendNext = (
  redis as unknown as { appendNext(a: string, b: string, c: string): Promise<number> }
).appendNext.bind(redis);
const nc = await connect({ servers: process.env.NATS_URL });

nc.subscribe('floor.send', {
  queue: 'floor',
  callback: (_err, msg) => {
    void (async () => {
      const { from, to, data } = codec.decode(msg.data) as { from: string; to: string; data: string };
      const now = new Date();
      const { rows } = await db.query<{ seq: string; id: string }>(
        `insert into ${schema}.messages (id, sender_id, receiver_id, data, created_at, expire_at)
         values ($1, $2, $3, $4, $5, $6) returning seq, id`,
        [randomUUID(), from, to, data, now, new Date(now.getTime() + 3_600_000)],
      );
      const message = { id: rows[0]!.id, user_id: from, data, created_at: now.toISOString() };
      const head = JSON.stringify({ type: 'message.created', data: message }).slice(0, -1) + ',"seq":';
      const seq = await appendNext(`floor:seq:${to}`, `floor:log:${to}`, head);
      nc.publish('floor.deliver', codec.encode({ to, event: { type: 'message.created', data: message, seq } }));
      msg.respond(codec.encode({ status: 200 }));
    })().catch(() => msg.respond(codec.encode({ status: 500 })));
  },
});

answerMeasurements();
reply({ type: 'ready' });
process.once('SIGTERM', () => {
  void db.query(`drop schema ${schema} cascade`).finally(() => process.exit(0));
});
