import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { sql, type Generated, type Kysely, type Transaction } from 'kysely';

import { every, type PeriodicJob } from './jobs.ts';
import type { Logger } from './logger.ts';

/**
 * Uploaded bytes (chat images, …) kept outside the database when `S3_URL` is set, so every
 * instance on every host reads the same ones. Without it the bytes stay in the owning row (the
 * embedded default): callers then never reach this store. The row stays the truth either way:
 * access checks, expiry and deletion go by the row, and the object follows it.
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the objects (missing ones are no error). */
  remove(keys: readonly string[]): Promise<void>;
}

export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `S3_URL` is `http(s)://ACCESS_KEY:SECRET@host:port/bucket[?region=…]`: one value for the
 * endpoint, bucket and keys (percent-encode a key holding `:`, `@` or `/`). Path-style requests,
 * so any S3-compatible server works (MinIO, SeaweedFS, gofakes3, AWS itself).
 */
export function parseS3Url(url: string): S3Location {
  const u = new URL(url);
  const bucket = decodeURIComponent(u.pathname.replace(/^\/+|\/+$/g, ''));
  if (!/^https?:$/.test(u.protocol) || !bucket || bucket.includes('/') || !u.username || !u.password) {
    throw new Error('S3_URL must be http(s)://ACCESS_KEY:SECRET@host[:port]/bucket');
  }
  return {
    endpoint: `${u.protocol}//${u.host}`,
    bucket,
    region: u.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
  };
}

/** Deletes take up to 1,000 keys per request (the S3 limit). */
const DELETE_BATCH = 1000;

export class S3Objects implements ObjectStore {
  readonly #client: S3Client;

  constructor(
    readonly location: S3Location,
    /** Every key of this store starts with it: one bucket serves all services. */
    readonly prefix: string,
  ) {
    this.#client = new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: true,
      credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
      // Only ask for (and check) checksums where S3 requires them: not every compatible server has them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Makes sure the bucket exists (idempotent), so no provisioning step can be forgotten. */
  async ensureBucket(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
    } catch {
      await this.#client.send(new CreateBucketCommand({ Bucket: this.location.bucket })).catch((err: unknown) => {
        // Another instance made it meanwhile.
        const name = (err as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
      });
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.prefix + key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const out = await this.#client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.prefix + key }),
      );
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.location.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: this.prefix + k })), Quiet: true },
        }),
      );
    }
  }

  close(): void {
    this.#client.destroy();
  }
}

/** The service's object store when `S3_URL` is set (bucket made if missing), else undefined. */
export async function openObjects(s3Url: string | undefined, service: string): Promise<S3Objects | undefined> {
  if (!s3Url) return undefined;
  const store = new S3Objects(parseS3Url(s3Url), `${service}/`);
  await store.ensureBucket();
  return store;
}

/** The objects whose rows were deleted, waiting to be removed from the store (see `objectDeletions`). */
export interface ObjectDeletionsTable {
  key: string;
  deleted_at: Generated<Date>;
}

/**
 * Migration: the `object_deletions` table and a trigger on `table` that, when a row whose bytes
 * live in the object store (its `bytesColumn` is empty) is deleted — by expiry, a deleted message,
 * room or user, whatever the path — records `keyPrefix + id` in the same transaction. The sweeper
 * (`sweepObjectDeletions`) then removes the objects, retrying while the store is away: a row
 * never goes without its object following, and no deletion path can forget it.
 */
export async function createObjectDeletions(
  db: Kysely<unknown>,
  table: string,
  bytesColumn: string,
  keyPrefix: string,
): Promise<void> {
  await createDeletionsTable(db);
  const fn = sql.id(`${table}_object_deleted`);
  await sql`
    create or replace function ${fn}() returns trigger language plpgsql
    -- The service's schema as the migration saw it, whoever deletes the row later.
    set search_path from current as $$
    begin
      insert into object_deletions (key) values (${sql.lit(keyPrefix)} || old.id::text) on conflict do nothing;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger ${sql.id(`${table}_object_deleted`)} after delete on ${sql.table(table)}
    for each row when (octet_length(old.${sql.id(bytesColumn)}) = 0) execute function ${fn}()`.execute(db);
}

async function createDeletionsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('object_deletions')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/**
 * Migration, for a table whose rows name their object in `keyColumn` (null: the bytes are in the
 * row) and may be replaced in place (an upsert): the old key is recorded when the row is deleted
 * or its key changes, in the same transaction; the sweeper removes the object. Each upload takes a
 * new key, so removing the old object can never remove the new one.
 */
export async function createObjectKeyDeletions(db: Kysely<unknown>, table: string, keyColumn: string): Promise<void> {
  await createDeletionsTable(db);
  const fn = sql.id(`${table}_object_deleted`);
  const key = sql.id(keyColumn);
  await sql`
    create or replace function ${fn}() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if old.${key} is not null and (tg_op = 'DELETE' or new.${key} is distinct from old.${key}) then
        insert into object_deletions (key) values (old.${key}) on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ${sql.id(`${table}_object_deleted`)} after delete or update of ${key} on ${sql.table(table)}
    for each row execute function ${fn}()`.execute(db);
}

export async function dropObjectDeletions(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`drop trigger if exists ${sql.id(`${table}_object_deleted`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists ${sql.id(`${table}_object_deleted`)}()`.execute(db);
  await db.schema.dropTable('object_deletions').ifExists().execute();
}

/**
 * How long an uploaded object may wait for the row that names it. Long past any request (the row is
 * written right after the upload); only a crash between the two leaves one this old.
 */
export const UPLOAD_GRACE_MS = 15 * 60_000;

/**
 * Puts an object for a row `insert` then writes, so no object outlives a failed insert: the key is
 * first recorded as a deletion due after `UPLOAD_GRACE_MS` (committed before the put) and the insert
 * cancels it in its own transaction. An insert that fails removes the object at once; a crash
 * between the put and the insert leaves the due deletion to the sweeper. Without an object
 * (embedded: the bytes are in the row) it is just the insert.
 */
export async function putForRow<DB, T>(
  ctx: { objects: ObjectStore | undefined; log: Logger },
  db: Kysely<DB>,
  object: { key: string; bytes: Buffer; contentType: string } | undefined,
  insert: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const objects = ctx.objects;
  if (!objects || !object) return insert(db);
  const { key } = object;
  const deletions = db as unknown as Kysely<ObjectDeletionsDb>;
  // The database's clock, as the deletion triggers' and the sweeper's: no service clock to disagree.
  const due = sql<Date>`now() + make_interval(secs => ${UPLOAD_GRACE_MS / 1000})`;
  await deletions.insertInto('object_deletions').values({ key, deleted_at: due }).execute();
  await objects.put(key, object.bytes, object.contentType);
  try {
    return await db.transaction().execute(async (trx: Transaction<DB>) => {
      const out = await insert(trx);
      await (trx as unknown as Kysely<ObjectDeletionsDb>)
        .deleteFrom('object_deletions')
        .where('key', '=', key)
        .execute();
      return out;
    });
  } catch (err) {
    try {
      await objects.remove([key]);
      await deletions.deleteFrom('object_deletions').where('key', '=', key).execute();
    } catch (cleanup) {
      // The due deletion stays: the sweeper removes the object after the grace.
      ctx.log.warn({ err: cleanup, key }, 'object of a failed insert not removed yet; the sweeper will');
    }
    throw err;
  }
}

const SWEEP_BATCH = 500;

/**
 * Removes the objects of deleted rows from the store, then their records; answers how many. A
 * store that is away leaves the records for the next run. Several instances may sweep at once:
 * removing an object twice is no error.
 */
export async function sweepObjectDeletions<DB>(db: Kysely<DB>, objects: ObjectStore | undefined): Promise<number> {
  if (!objects) return 0;
  return sweep(db as unknown as Kysely<ObjectDeletionsDb>, objects);
}

/** Any service's database that ran `createObjectDeletions` (kysely's types are invariant in the schema). */
interface ObjectDeletionsDb {
  object_deletions: ObjectDeletionsTable;
}

async function sweep(db: Kysely<ObjectDeletionsDb>, objects: ObjectStore): Promise<number> {
  let swept = 0;
  for (;;) {
    // An upload's deletion is due only after its grace (`putForRow`), unless its row cancelled it.
    const rows = await db
      .selectFrom('object_deletions')
      .select('key')
      .where('deleted_at', '<=', sql<Date>`now()`)
      .orderBy('deleted_at')
      .limit(SWEEP_BATCH)
      .execute();
    if (rows.length === 0) return swept;
    const keys = rows.map((r) => r.key);
    await objects.remove(keys);
    await db.deleteFrom('object_deletions').where('key', 'in', keys).execute();
    swept += keys.length;
    if (rows.length < SWEEP_BATCH) return swept;
  }
}

/** The sweeper every few seconds (and after each purge, by whoever calls it). */
export function objectSweeper<DB>(
  ctx: { log: Logger; objects: ObjectStore | undefined },
  db: Kysely<DB>,
  intervalMs = 5_000,
): PeriodicJob {
  return every(intervalMs, 'object sweep', ctx.log, () => sweepObjectDeletions(db, ctx.objects));
}
