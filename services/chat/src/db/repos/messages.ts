import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';

import { Batcher } from '@honne/service-kit';

import type { ChatDb, MessageRow, MessageTable, RoomRow } from '../schema/index.ts';

/** A room as a sender needs it: with the receiver's block of the sender, the sender's retention and name. */
export type SendContext = RoomRow & {
  is_blocked: boolean;
  saved_message_time: number | null;
  sender_name: string | null;
};

interface SendAsk {
  roomId: string;
  senderId: string;
}
type NewMessage = Insertable<MessageTable>;
interface Inserted {
  message: MessageRow;
  created: boolean;
}

/**
 * The send path's two round trips, batched per database: messages sent together (under load,
 * hundreds a second) share one SELECT and one INSERT instead of two statements each.
 */
const batchesByDb = new WeakMap<
  Kysely<ChatDb>,
  { contexts: Batcher<SendAsk, SendContext | undefined>; inserts: Batcher<NewMessage, Inserted> }
>();

function batchesOf(db: Kysely<ChatDb>) {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = {
      contexts: new Batcher((asks) => findSendContexts(db, asks), { maxConcurrent: 1 }),
      inserts: new Batcher((rows) => insertMessages(db, rows), { maxConcurrent: 1 }),
    };
    batchesByDb.set(db, batches);
  }
  return batches;
}

/** The room `roomId` if `senderId` is in it, as a sender needs it; batched with concurrent sends. */
export function findSendContext(db: Kysely<ChatDb>, roomId: string, senderId: string) {
  return batchesOf(db).contexts.load({ roomId, senderId });
}

/** Inserts a message; a resend with a client_id already stored returns the stored one (`created` false). */
export function insertMessage(db: Kysely<ChatDb>, row: NewMessage): Promise<Inserted> {
  return batchesOf(db).inserts.load(row);
}

async function findSendContexts(db: Kysely<ChatDb>, asks: SendAsk[]): Promise<(SendContext | undefined)[]> {
  const { rows } = await sql<SendContext & { ask: string }>`
    select r.*, q.ask,
      exists (
        select 1 from blocks b
        where b.blocker_id = case when r.user1_id = q.sender_id then r.user2_id else r.user1_id end
          and b.blocked_id = q.sender_id and b.blocked
      ) as is_blocked,
      (select s.saved_message_time from user_settings s where s.user_id = q.sender_id) as saved_message_time,
      (select c.user_name from user_cards c where c.user_id = q.sender_id) as sender_name
    from unnest(${asks.map((a) => a.roomId)}::uuid[], ${asks.map((a) => a.senderId)}::text[])
      with ordinality as q(room_id, sender_id, ask)
    join rooms r on r.id = q.room_id and (r.user1_id = q.sender_id or r.user2_id = q.sender_id)
  `.execute(db);
  const byAsk = new Map<number, SendContext>();
  for (const { ask, ...room } of rows) byAsk.set(Number(ask) - 1, room);
  return asks.map((_, i) => byAsk.get(i));
}

async function insertMessages(db: Kysely<ChatDb>, rows: NewMessage[]): Promise<Inserted[]> {
  const inserted = await db
    .insertInto('messages')
    .values(rows)
    .onConflict((oc) => oc.columns(['sender_id', 'client_id']).where('client_id', 'is not', null).doNothing())
    .returningAll()
    .execute();
  const byId = new Map(inserted.map((m) => [m.id, m]));
  return Promise.all(
    rows.map(async (row) => {
      const message = byId.get(row.id);
      if (message) return { message, created: true };
      // A resend of a message already stored (same sender and client_id): the stored one.
      const existing = await db
        .selectFrom('messages')
        .selectAll()
        .where('sender_id', '=', row.sender_id)
        .where('client_id', '=', row.client_id!)
        .executeTakeFirstOrThrow();
      return { message: existing, created: false };
    }),
  );
}

/**
 * What `viewer` may see: live (expire_at > now), not refused unless they sent it, and nothing
 * from someone they block now.
 */
export function visibleTo(viewer: string, now: Date) {
  return (eb: ExpressionBuilder<ChatDb, 'messages'>) =>
    eb.and([
      eb('messages.expire_at', '>', now),
      eb.or([eb('messages.refused', '=', false), eb('messages.sender_id', '=', viewer)]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as vb')
            .select('vb.blocker_id')
            .where('vb.blocker_id', '=', viewer)
            .whereRef('vb.blocked_id', '=', 'messages.sender_id')
            .where('vb.blocked', '=', true),
        ),
      ),
    ]);
}

export interface ListOptions {
  roomId?: string;
  toMe?: boolean;
  before?: number;
  since?: number;
  limit: number;
}

/** Newest first, or oldest first after `since` (catching up). */
export async function listMessages(
  db: Kysely<ChatDb>,
  viewer: string,
  now: Date,
  o: ListOptions,
): Promise<MessageRow[]> {
  let q = db.selectFrom('messages').selectAll().where(visibleTo(viewer, now));
  if (o.roomId) q = q.where('room_id', '=', o.roomId);
  if (o.toMe) q = q.where('receiver_id', '=', viewer);
  if (o.since !== undefined)
    return q
      .where('seq', '>', String(o.since) as never)
      .orderBy('seq', 'asc')
      .limit(o.limit)
      .execute();
  if (o.before !== undefined) q = q.where('seq', '<', String(o.before) as never);
  return q.orderBy('seq', 'desc').limit(o.limit).execute();
}

/** Marks what `reader` received in a room (up to a message, or all) read; the ids that changed, with their senders. */
export async function markRead(db: Kysely<ChatDb>, reader: string, roomId: string, now: Date, upToMessageId?: string) {
  let q = db
    .updateTable('messages')
    .set({ is_read: true })
    .where('room_id', '=', roomId)
    .where('receiver_id', '=', reader)
    .where('is_read', '=', false)
    .where(visibleTo(reader, now));
  if (upToMessageId) {
    q = q.where('seq', '<=', (eb) =>
      eb
        .selectFrom('messages as m2')
        .select('m2.seq')
        .where('m2.id', '=', upToMessageId)
        .where('m2.room_id', '=', roomId),
    );
  }
  return q.returning(['id', 'sender_id', 'seq']).execute();
}

/** Unread counts per room for a user (received, not read, live, not refused, not from someone they block). */
export async function unreadByRoom(db: Kysely<ChatDb>, userId: string, now: Date, roomIds?: string[]) {
  if (roomIds && roomIds.length === 0) return new Map<string, { count: number; ids: string[] }>();
  let q = db
    .selectFrom('messages')
    .select([
      'room_id',
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string[]>`array_agg(id::text order by seq)`.as('ids'),
    ])
    .where(visibleTo(userId, now))
    .where('receiver_id', '=', userId)
    .where('is_read', '=', false)
    .groupBy('room_id');
  if (roomIds) q = q.where('room_id', 'in', roomIds);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.room_id, { count: Number(r.n), ids: r.ids }]));
}

/** The latest message `viewer` may see in each room. */
export async function latestByRoom(
  db: Kysely<ChatDb>,
  viewer: string,
  now: Date,
  roomIds: string[],
): Promise<Map<string, MessageRow>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .distinctOn('room_id')
    .where(visibleTo(viewer, now))
    .where('room_id', 'in', roomIds)
    .orderBy('room_id')
    .orderBy('seq', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.room_id, r]));
}

export const findMessages = (db: Kysely<ChatDb>, ids: string[]) =>
  db
    .selectFrom('messages')
    .select(['id', 'sender_id', 'receiver_id', 'room_id', 'refused', 'image_id'])
    .where('id', 'in', ids)
    .execute();

export async function deleteMessages(db: Kysely<ChatDb>, ids: string[]) {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('messages')
      .where('id', 'in', ids)
      .returning(['id', 'room_id', 'sender_id', 'receiver_id', 'refused', 'image_id'])
      .execute();
    const images = rows.map((r) => r.image_id).filter((i): i is string => i !== null);
    if (images.length > 0) await trx.deleteFrom('images').where('id', 'in', images).execute();
    return rows;
  });
}

/** One batch of expired messages, deleted; several instances claim different rows (SKIP LOCKED). */
export async function deleteExpiredBatch(db: Kysely<ChatDb>, now: Date, batch: number) {
  return db
    .deleteFrom('messages')
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('messages as e')
        .select('e.seq')
        .where('e.expire_at', '<=', now)
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'room_id', 'sender_id', 'receiver_id', 'refused'])
    .execute();
}

export async function deleteExpiredImages(db: Kysely<ChatDb>, now: Date): Promise<number> {
  const r = await db.deleteFrom('images').where('expire_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
