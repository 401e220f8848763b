import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropSchema, openDatabase, type Database } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import {
  createObjectDeletions,
  parseS3Url,
  putForRow,
  S3Objects,
  sweepObjectDeletions,
  type ObjectDeletionsTable,
} from '../src/objects.ts';
import { requireOrSkip, uniqueName } from '../src/testing.ts';

describe('S3_URL', () => {
  it('holds the endpoint, bucket, keys and region in one value', () => {
    expect(parseS3Url('http://AKIA:s%2Fecret@127.0.0.1:9000/honne')).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'honne',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 's/ecret',
    });
    expect(parseS3Url('https://k:s@s3.example.jp/media?region=ap-northeast-1')).toMatchObject({
      endpoint: 'https://s3.example.jp',
      region: 'ap-northeast-1',
    });
  });

  it.each([
    ['no keys', 'http://127.0.0.1:9000/honne'],
    ['no bucket', 'http://k:s@127.0.0.1:9000/'],
    ['a key path instead of a bucket', 'http://k:s@127.0.0.1:9000/honne/images'],
    ['another scheme', 's3://k:s@127.0.0.1/honne'],
  ])('refuses %s', (_what, url) => {
    expect(() => parseS3Url(url)).toThrow(/S3_URL must be/);
  });
});

// Against the S3-compatible server CI runs (S3_URL); the services' suites check the rest.
describe.runIf(requireOrSkip('object storage (S3_URL)', Boolean(process.env.S3_URL)))('S3Objects', () => {
  it('stores, reads, and removes objects under its prefix; a missing one reads as undefined', async () => {
    const store = new S3Objects(parseS3Url(process.env.S3_URL!), `kit-test-${randomUUID()}/`);
    try {
      await store.ensureBucket();
      await store.ensureBucket();
      const bytes = Buffer.from('本音 object');
      await store.put('a', bytes, 'text/plain');
      await store.put('b', Buffer.from('b'), 'text/plain');
      expect(await store.get('a')).toEqual(bytes);
      await store.remove(['a', 'never-was']);
      expect(await store.get('a')).toBeUndefined();
      expect(await store.get('b')).toEqual(Buffer.from('b'));
      await store.remove(['b']);
    } finally {
      store.close();
    }
  });
});

interface UploadsDb {
  uploads_tested: { id: string; bytes: Buffer };
  object_deletions: ObjectDeletionsTable;
}

// An object uploaded for a row whose insert then fails must not stay behind (no row would ever
// name it, so nothing would remove it). PostgreSQL when DATABASE_URL is set, else PGlite.
describe.runIf(requireOrSkip('object storage (S3_URL)', Boolean(process.env.S3_URL)))('putForRow', () => {
  let database: Database<UploadsDb>;
  let store: S3Objects;
  const log = createLogger('kit-test', 'silent');
  const insertRow = (id: string) => (db: Database<UploadsDb>['db']) =>
    db
      .insertInto('uploads_tested')
      .values({ id, bytes: Buffer.alloc(0) })
      .execute();
  const due = async () => (await database.db.selectFrom('object_deletions').select('key').execute()).map((r) => r.key);

  beforeAll(async () => {
    database = await openDatabase<UploadsDb>({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: '',
      schema: uniqueName('uploads'),
      inMemory: true,
    });
    await database.db.schema
      .createTable('uploads_tested')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('bytes', 'bytea', (c) => c.notNull())
      .execute();
    await createObjectDeletions(database.db as never, 'uploads_tested', 'bytes', 'up/');
    store = new S3Objects(parseS3Url(process.env.S3_URL!), `kit-put-${randomUUID()}/`);
    await store.ensureBucket();
  }, 60_000);
  afterAll(async () => {
    store?.close();
    if (database) {
      await dropSchema(database);
      await database.close();
    }
  });

  it('keeps the object of a row that was written, removes it with the row, and removes it at once when the insert fails', async () => {
    const ctx = { objects: store, log };
    await putForRow(
      ctx,
      database.db,
      { key: 'up/1', bytes: Buffer.from('one'), contentType: 'text/plain' },
      insertRow('1'),
    );
    expect(await store.get('up/1')).toEqual(Buffer.from('one'));
    expect(await due()).toEqual([]);
    expect(await sweepObjectDeletions(database.db, store)).toBe(0);
    expect(await store.get('up/1')).toEqual(Buffer.from('one'));

    // The same id again: the insert fails, the new object goes with it, the error reaches the caller.
    await expect(
      putForRow(
        ctx,
        database.db,
        { key: 'up/1b', bytes: Buffer.from('dup'), contentType: 'text/plain' },
        insertRow('1'),
      ),
    ).rejects.toThrow();
    expect(await store.get('up/1b')).toBeUndefined();
    expect(await due()).toEqual([]);

    await database.db.deleteFrom('uploads_tested').where('id', '=', '1').execute();
    expect(await sweepObjectDeletions(database.db, store)).toBe(1);
    expect(await store.get('up/1')).toBeUndefined();
  });

  it('an object left by a crash between upload and insert is swept once its grace is over, not before', async () => {
    // The store is away when the failed insert tries to remove the object (a crash leaves the same).
    const away = {
      put: store.put.bind(store),
      get: store.get.bind(store),
      remove: () => Promise.reject(new Error('store away')),
    };
    await expect(
      putForRow(
        { objects: away, log },
        database.db,
        { key: 'up/2', bytes: Buffer.from('two'), contentType: 'text/plain' },
        () => Promise.reject(new Error('insert failed')),
      ),
    ).rejects.toThrow('insert failed');
    expect(await due()).toEqual(['up/2']);
    // Within its grace it may still be waiting for its row: the sweeper leaves it.
    expect(await sweepObjectDeletions(database.db, store)).toBe(0);
    expect(await store.get('up/2')).toEqual(Buffer.from('two'));

    // The grace is over (moved back rather than waited for: 15 minutes).
    await sql`update object_deletions set deleted_at = now() - interval '1 second' where key = 'up/2'`.execute(
      database.db,
    );
    expect(await sweepObjectDeletions(database.db, store)).toBe(1);
    expect(await store.get('up/2')).toBeUndefined();
    expect(await due()).toEqual([]);
  });
});
