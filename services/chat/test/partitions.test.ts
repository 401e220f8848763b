import { CHAT_REALTIME_TYPES, type Message } from '@honne/contracts/chat';
import { exclusively, migrateToLatest, openDatabase, dropSchema } from '@honne/service-kit';
import { infraModes, uniqueName } from '@honne/service-kit/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrations } from '../src/db/migrations/index.ts';
import { expiredPage, partitionNames, setAnnouncedUntil } from '../src/db/repos/partitions.ts';
import type { ChatDb } from '../src/db/schema/index.ts';
import {
  HOUR_MS,
  PARTITION_HOURS_AHEAD,
  PARTITIONS_PER_RUN,
  hourStart,
  hoursToPrepare,
  partitionName,
} from '../src/domain/expiry-partitions.ts';
import { purgeExpired } from '../src/server.ts';
import { startHarness, type Harness } from './harness.ts';

/** Which partition holds a message now (`messages_default` while its hour has none). */
async function partitionOf(db: Kysely<ChatDb>, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ part: string }>`
    select tableoid::regclass::text as part from messages where id = ${id}`.execute(db);
  return rows[0]?.part.split('.').at(-1);
}

const hourly = async (db: Kysely<ChatDb>) => (await partitionNames(db)).filter((n) => n !== 'messages_default').sort();

describe.each(infraModes())('messages partitioned by the hour they expire ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode, { instances: mode.databaseUrl ? 2 : 1 });
    await h.purge();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('stores a message in its expiry hour, hides it at its expiry, tells screens, and drops its hour after', async () => {
    const [x, y] = [await h.user(), await h.user()];
    await h.retention(x, 10);
    const room = await h.topicRoom(y, h.voice(x));
    const sent = (await h.send(x, room, { data: '十分で消える' })).json().data as Message;
    const expiry = new Date(sent.expire_at);
    const hour = partitionName(hourStart(expiry));
    expect(await partitionOf(h.ctx.db, sent.id)).toBe(hour);

    // Unreadable at its expiry, before any run of the purge.
    h.clock.set(expiry);
    expect((await h.get(`/rooms/${room}/messages`, y)).json().data).toEqual([]);
    expect((await h.get(`/rooms/${room}/messages`, x)).json().data).toEqual([]);

    // The run at expiry tells both sides; the row waits for its hour to end.
    expect((await h.purge()).messages).toBeGreaterThanOrEqual(1);
    await h.settle();
    for (const p of [x, y]) {
      const ids = h.eventsOf(p, CHAT_REALTIME_TYPES.messageExpired).flatMap((e) => (e.data as { ids: string[] }).ids);
      expect(ids).toContain(sent.id);
    }
    expect(await hourly(h.ctx.db)).toContain(hour);

    // The first run after the hour drops it with the message; a later run tells nobody again.
    h.clock.set(new Date(hourStart(expiry).getTime() + HOUR_MS));
    const after = await h.purge();
    expect(after.partitions).toBeGreaterThanOrEqual(1);
    expect(await hourly(h.ctx.db)).not.toContain(hour);
    expect(await partitionOf(h.ctx.db, sent.id)).toBeUndefined();
    expect(
      await h.ctx.db.selectFrom('message_client_ids').selectAll().where('message_id', '=', sent.id).execute(),
    ).toEqual([]);
    expect((await h.purge()).messages).toBe(0);
  });

  it('pages through messages that expire at the same instant: each told once', async () => {
    const [x, y] = [await h.user(), await h.user()];
    await h.retention(x, 10);
    const room = await h.topicRoom(y, h.voice(x));
    // The clock stands still, so all five share one expiry and only seq orders them.
    const sent: Message[] = [];
    for (let i = 0; i < 5; i++) sent.push((await h.send(x, room, { data: `同時に消える${i}` })).json().data as Message);
    expect(new Set(sent.map((m) => m.expire_at)).size).toBe(1);
    const expiry = new Date(sent[0]!.expire_at);
    const seen: string[] = [];
    let from: Awaited<ReturnType<typeof expiredPage>>[number] | undefined;
    for (let page; (page = await expiredPage(h.ctx.db, new Date(expiry.getTime() - 1), expiry, from, 2)).length;) {
      seen.push(...page.map((r) => r.id));
      from = page.at(-1);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => sent.some((m) => m.id === id))).toEqual(sent.map((m) => m.id));
  });

  it('keeps every coming hour prepared, idempotently, whatever the clock did', async () => {
    const expected = hoursToPrepare(h.clock.now()).map(partitionName);
    expect(expected).toHaveLength(PARTITION_HOURS_AHEAD + 1);
    // A fresh database fills the window over a few runs, nearest hours first.
    for (let run = 0; run * PARTITIONS_PER_RUN <= PARTITION_HOURS_AHEAD + 1; run++) await h.purge();
    const once = await hourly(h.ctx.db);
    await h.purge();
    expect(await hourly(h.ctx.db)).toEqual(once);
    expect(once).toEqual(expect.arrayContaining(expected));
    // Nothing of an hour already over is left.
    expect(once.filter((n) => n < partitionName(hourStart(h.clock.now())))).toEqual([]);
  });

  it('a run that stopped half-way (hours missing, rows in the default partition) is finished by the next, losing nothing', async () => {
    const [x, y] = [await h.user(), await h.user()];
    await h.retention(x, 120);
    const room = await h.topicRoom(
      y,
      h.voice(x, { expire_at: new Date(h.clock.now().getTime() + 3 * HOUR_MS).toISOString() }),
    );
    const expiry = new Date(h.clock.now().getTime() + 120 * 60_000);
    // As if the run that should have made these hours died before: they are not there.
    const missing = [hourStart(expiry), new Date(hourStart(expiry).getTime() + HOUR_MS)].map(partitionName);
    for (const name of missing) await sql`drop table ${sql.id(name)}`.execute(h.ctx.db);
    const sent = (await h.send(x, room, { data: '二時間', client_id: 'half-way-1' })).json().data as Message;
    expect(await partitionOf(h.ctx.db, sent.id)).toBe('messages_default');
    expect(((await h.get(`/rooms/${room}/messages`, y)).json().data as Message[]).map((m) => m.id)).toEqual([sent.id]);

    // A creation that fails mid-transaction (here: the name it moves rows through is taken) leaves
    // the rows where they were.
    if (!mode.databaseUrl) {
      await sql`create temporary table moving (x int)`.execute(h.ctx.db);
      await expect(h.purge()).rejects.toThrow();
      await sql`drop table moving`.execute(h.ctx.db);
      expect(await partitionOf(h.ctx.db, sent.id)).toBe('messages_default');
    }

    await h.purge();
    expect(await hourly(h.ctx.db)).toEqual(expect.arrayContaining(missing));
    expect(await partitionOf(h.ctx.db, sent.id)).toBe(partitionName(hourStart(expiry)));
    expect(((await h.get(`/rooms/${room}/messages`, y)).json().data as Message[]).map((m) => m.id)).toEqual([sent.id]);
    // The resend still finds it (its key names the partition it moved to).
    const again = (await h.send(x, room, { data: '二時間', client_id: 'half-way-1' })).json().data as Message;
    expect(again.id).toBe(sent.id);
  });

  it('a run that died between telling and recording it tells again, and drops nothing untold', async () => {
    const [x, y] = [await h.user(), await h.user()];
    await h.retention(x, 5);
    const room = await h.topicRoom(y, h.voice(x));
    const sent = (await h.send(x, room, { data: '五分' })).json().data as Message;
    h.clock.set(new Date(hourStart(new Date(sent.expire_at)).getTime() + HOUR_MS));
    // The watermark is behind the message (its run never recorded telling): the next run tells it
    // before its hour goes.
    await setAnnouncedUntil(h.ctx.db, new Date(new Date(sent.expire_at).getTime() - 1000));
    const before = h.eventsOf(x, CHAT_REALTIME_TYPES.messageExpired).length;
    const run = await h.purge();
    expect(run.messages).toBeGreaterThanOrEqual(1);
    await h.settle();
    const told = h
      .eventsOf(x, CHAT_REALTIME_TYPES.messageExpired)
      .slice(before)
      .flatMap((e) => (e.data as { ids: string[] }).ids);
    expect(told).toContain(sent.id);
    expect(await partitionOf(h.ctx.db, sent.id)).toBeUndefined();
  });

  it('a clock set back after a run still tells the messages expiring before the run’s watermark', async () => {
    const [x, y] = [await h.user(), await h.user()];
    await h.retention(x, 5);
    const start = h.clock.now();
    // A run from a clock a day ahead leaves its watermark there; then the clock comes back.
    h.clock.set(new Date(start.getTime() + 24 * HOUR_MS));
    await h.purge();
    h.clock.set(start);
    const room = await h.topicRoom(y, h.voice(x));
    const sent = (await h.send(x, room, { data: '巻き戻し' })).json().data as Message;
    h.clock.set(new Date(new Date(sent.expire_at).getTime() + 1000));
    const before = h.eventsOf(y, CHAT_REALTIME_TYPES.messageExpired).length;
    expect((await h.purge()).messages).toBeGreaterThanOrEqual(1);
    await h.settle();
    const told = h
      .eventsOf(y, CHAT_REALTIME_TYPES.messageExpired)
      .slice(before)
      .flatMap((e) => (e.data as { ids: string[] }).ids);
    expect(told).toContain(sent.id);
  });

  // Two instances need two connections: PGlite has one (its runs queue on it instead).
  if (mode.databaseUrl)
    it('runs on one instance at a time: the other skips while one holds the job', async () => {
      const other = h.others[0]!;
      let skipped: unknown = 'not run';
      await exclusively(h.ctx.db, 'chat:message-expiry', async () => {
        skipped = await purgeExpired(other.ctx, { wait: false });
      });
      expect(skipped).toBeUndefined();
      expect(await purgeExpired(other.ctx, { wait: false })).toMatchObject({ partitions: 0 });
    });
});

describe.each(infraModes())('the migration to partitions ($name)', (mode) => {
  const target = '2026-11-27T22-08-24-partition-messages';
  let database: Awaited<ReturnType<typeof openDatabase<ChatDb>>>;
  beforeAll(async () => {
    database = await openDatabase<ChatDb>({
      databaseUrl: mode.databaseUrl,
      dataDir: '',
      schema: uniqueName('chat_mig'),
      inMemory: true,
    });
  }, 60_000);
  afterAll(async () => {
    if (database) {
      await dropSchema(database);
      await database.close();
    }
  });

  it('keeps every message, its seq and its resend key', async () => {
    const all = migrations.migrations;
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < target));
    await migrateToLatest(database, before, migrations.renamed);
    const db = database.db;
    const row = (n: number, expire: Date, clientId: string | null) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      room_id: '00000000-0000-4000-8000-0000000000aa',
      sender_id: 'u1',
      receiver_id: 'u2',
      message_type_id: 1,
      data: `m${n}`,
      client_id: clientId,
      created_at: new Date(expire.getTime() - 60_000),
      expire_at: expire,
    });
    const now = Date.now();
    await db
      .insertInto('messages')
      .values([
        row(1, new Date(now - HOUR_MS), null),
        row(2, new Date(now + HOUR_MS), 'c-2'),
        row(3, new Date(now + 30 * 86_400_000), null),
      ])
      .execute();
    const old = await db.selectFrom('messages').select(['id', 'seq']).orderBy('seq').execute();

    await migrateToLatest(database, all, migrations.renamed);
    expect(await db.selectFrom('messages').select(['id', 'seq']).orderBy('seq').execute()).toEqual(old);
    expect(await db.selectFrom('message_client_ids').select(['client_id', 'message_id']).execute()).toEqual([
      { client_id: 'c-2', message_id: row(2, new Date(), null).id },
    ]);
    // The sequence carries on past the old rows.
    await db
      .insertInto('messages')
      .values(row(4, new Date(now + HOUR_MS), null))
      .execute();
    const newest = await db.selectFrom('messages').select('seq').where('data', '=', 'm4').executeTakeFirstOrThrow();
    expect(BigInt(newest.seq)).toBeGreaterThan(BigInt(old.at(-1)!.seq));
  });
});
