import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { createProcessedEventsTable } from '../src/processed.ts';
import { exclusively, pruneDeliveryTables } from '../src/prune.ts';
import { dropSchema, openDatabase } from '../src/db.ts';
import { infraModes, uniqueName } from '../src/testing.ts';
import { outboxSchemaForSuite } from './outbox-schema.ts';

const day = 86_400_000;
const now = new Date('2026-11-27T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * day);

describe.each(infraModes())('delivery tables pruning ($name)', (mode) => {
  const suite = outboxSchemaForSuite(mode, 'prune', (db) => createProcessedEventsTable(db as never));

  it('deletes published outbox rows and marks past their retention, in batches, and keeps the rest', async () => {
    const db = suite.h.db;
    const outbox = (event_id: string, created: Date, published: Date | null) => ({
      event_id,
      subject: 'kit.pruned',
      payload: '{}',
      created_at: created,
      published_at: published,
    });
    await db
      .insertInto('outbox')
      .values([
        // 5 old and published: go (in batches of 2).
        ...[1, 2, 3, 4, 5].map((i) => outbox(`old-${i}`, ago(10), ago(9))),
        // Old but never published: must still go out, so it stays.
        outbox('old-unsent', ago(30), null),
        // Published recently: kept for a redelivery.
        outbox('recent', ago(2), ago(1)),
      ] as never)
      .execute();
    await sql`insert into processed_events (consumer, event_id, processed_at) values
      ('c', 'old-a', ${ago(9)}), ('c', 'old-b', ${ago(8.5)}), ('c', 'recent', ${ago(7.5)})`.execute(db);

    expect(await pruneDeliveryTables(db, now, { batch: 2 })).toEqual({ outbox: 5, processed: 2 });
    const left = await db.selectFrom('outbox').select('event_id').orderBy('id').execute();
    expect(left.map((r) => r.event_id)).toEqual(['old-unsent', 'recent']);
    const marks = await sql<{ event_id: string }>`select event_id from processed_events`.execute(db);
    expect(marks.rows.map((r) => r.event_id)).toEqual(['recent']);

    // Retention is configurable: a shorter one takes the recent rows too; a second run finds nothing.
    expect(await pruneDeliveryTables(db, now, { outboxKeepDays: 0.5, processedKeepDays: 0.5 })).toEqual({
      outbox: 1,
      processed: 1,
    });
    expect(await pruneDeliveryTables(db, now, { outboxKeepDays: 0.5, processedKeepDays: 0.5 })).toEqual({
      outbox: 0,
      processed: 0,
    });
    expect((await db.selectFrom('outbox').select('event_id').execute()).map((r) => r.event_id)).toEqual(['old-unsent']);
  });

  it('runs one instance at a time: a run while another holds the job is skipped', async () => {
    let inner: unknown = 'not run';
    const outer = await exclusively(suite.h.db, 'kit:prune-delivery', async () => {
      // PGlite has one connection: a second pinned connection would wait for this one, so the
      // overlap is tried only where there is a pool (PostgreSQL).
      if (mode.databaseUrl) inner = await pruneDeliveryTables(suite.h.db, now);
      return 'ran';
    });
    expect(outer).toBe('ran');
    expect(inner).toBe(mode.databaseUrl ? undefined : 'not run');
    // Released afterwards: the next run goes ahead.
    expect(await pruneDeliveryTables(suite.h.db, now)).toEqual({ outbox: 0, processed: 0 });
  });

  it('skips a table a service never created', async () => {
    const bare = await openDatabase({
      databaseUrl: mode.databaseUrl,
      dataDir: '',
      schema: uniqueName('prune_bare'),
      inMemory: true,
    });
    try {
      expect(await pruneDeliveryTables(bare.db, now)).toEqual({ outbox: 0, processed: 0 });
    } finally {
      await dropSchema(bare);
      await bare.close();
    }
  });
});
