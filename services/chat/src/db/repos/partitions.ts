import { sql, type Kysely } from 'kysely';

import type { ChatDb } from '../schema/index.ts';

/**
 * The partitions of `messages` by the hour they expire (ADR 0035) and what maintenance does to them.
 * Every function takes the connection the maintenance run holds its lock on (jobs/purge.ts).
 */

/** The names of the messages table's partitions (hourly ones and `messages_default`). */
export async function partitionNames(db: Kysely<ChatDb>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'messages'::regclass`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Creates the partition of expiries in [from, to). Messages already stored for that hour wait in the
 * default partition (sent before it existed) and are moved into it, in the same transaction as the
 * creation: PostgreSQL refuses a partition whose rows the default holds, and a crash half-way
 * leaves both as they were, for the next run. A partition that exists already is left alone.
 */
export async function createPartition(db: Kysely<ChatDb>, name: string, from: Date, to: Date): Promise<number> {
  const waiting = await sql`
    select 1 from messages_default where expire_at >= ${from} and expire_at < ${to} limit 1`.execute(db);
  if (waiting.rows.length === 0) {
    // The usual case (nothing sent for that hour yet): the creation alone. A row that reached the
    // default meanwhile makes PostgreSQL refuse it (23514); then the moving creation below runs.
    try {
      await createHour(db, name, from, to);
      return 0;
    } catch (err) {
      if ((err as { code?: string }).code !== '23514') throw err;
    }
  }
  return db.transaction().execute(async (trx) => {
    await sql`create temporary table moving on commit drop as
      with moved as (
        delete from messages_default where expire_at >= ${from} and expire_at < ${to} returning *
      ) select * from moved`.execute(trx);
    await createHour(trx, name, from, to);
    const moved = await sql`insert into messages select * from moving`.execute(trx);
    return Number(moved.numAffectedRows ?? 0n);
  });
}

const createHour = (db: Kysely<ChatDb>, name: string, from: Date, to: Date) =>
  sql`create table if not exists ${sql.id(name)} partition of messages
    for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})`.execute(db);

/** Drops one hour's partition with every message in it; none may be left unannounced (see `droppable`). */
export async function dropPartition(db: Kysely<ChatDb>, name: string): Promise<void> {
  // Not counted first: a count would read the whole partition, the cost dropping it avoids.
  await sql`drop table if exists ${sql.id(name)}`.execute(db);
}

/** Up to where (by expiry) expired messages were announced to screens; the epoch when never. */
export async function announcedUntil(db: Kysely<ChatDb>): Promise<Date> {
  const row = await db.selectFrom('message_expiry_state').select('announced_until').executeTakeFirst();
  return row ? new Date(row.announced_until) : new Date(0);
}

export async function setAnnouncedUntil(db: Kysely<ChatDb>, at: Date): Promise<void> {
  await db
    .insertInto('message_expiry_state')
    .values({ id: true, announced_until: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ announced_until: at }))
    .execute();
}

export interface ExpiredRow {
  seq: string;
  id: string;
  room_id: string;
  sender_id: string;
  receiver_id: string;
  refused: boolean;
  expire_at: Date;
  /** `expire_at` in microseconds since the epoch, exact: the next page's cursor. */
  expire_us: string;
}

/**
 * One page of the messages that expired in (after, until], by (expire_at, seq) after `from` (the
 * last row of the previous page): the expiry index of each partition in range, nothing else read.
 */
export async function expiredPage(
  db: Kysely<ChatDb>,
  after: Date,
  until: Date,
  from: Pick<ExpiredRow, 'expire_us' | 'seq'> | undefined,
  limit: number,
): Promise<ExpiredRow[]> {
  let q = db
    .selectFrom('messages')
    .select(['seq', 'id', 'room_id', 'sender_id', 'receiver_id', 'refused', 'expire_at'])
    .select(sql<string>`(extract(epoch from expire_at) * 1000000)::bigint::text`.as('expire_us'))
    .where('expire_at', '>', after)
    .where('expire_at', '<=', until);
  if (from) {
    // The cursor's expiry to the microsecond (a JS Date would round it to the millisecond and a
    // page could start again inside the last one): the epoch plus its microseconds, exactly.
    const at = sql<Date>`'epoch'::timestamptz + ${from.expire_us}::bigint * interval '1 microsecond'`;
    // The `>=` alone is what the expire_at index can start from: with only the `or`, every page was
    // read from the start of the hour again (1,000,000 rows announced in 28 s, bench:chat:expiry).
    q = q
      .where('expire_at', '>=', at)
      .where((eb) => eb.or([eb('expire_at', '>', at), eb('seq', '>', from.seq as never)]));
  }
  return q.orderBy('expire_at').orderBy('seq').limit(limit).execute();
}

/** One batch of expired messages outside any hourly partition (the default one), deleted row by row. */
export async function deleteExpiredDefaultBatch(db: Kysely<ChatDb>, now: Date, batch: number) {
  const { rows } = await sql<{ expire_at: Date }>`
    delete from messages_default where seq in (
      select seq from messages_default where expire_at <= ${now} limit ${batch}
    ) returning expire_at`.execute(db);
  return rows;
}

/** Resend keys of messages expired by `until` (their messages are gone or going with their partition). */
export async function deleteExpiredClientIds(db: Kysely<ChatDb>, until: Date, batch: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    with d as (
      delete from message_client_ids where (sender_id, client_id) in (
        select sender_id, client_id from message_client_ids where expire_at <= ${until} limit ${batch}
      ) returning 1
    ) select count(*) as n from d`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
