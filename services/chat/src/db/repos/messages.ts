import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';

import { CHAT_LIMITS } from '@honne/contracts/chat';
import { events, type EventPayload } from '@honne/contracts/events';
import { Batcher, prepared, standingSilencing } from '@honne/service-kit';

import type { ChatDb, MessageRow, MessageTable, RoomRow } from '../schema/index.ts';

/**
 * A room as a sender needs it: with the receiver's block of the sender as it acts in this room (a
 * person block between named sides, or the receiver's block made inside the room: ADR 0020), the
 * sender's retention and name.
 */
export type SendContext = Pick<RoomRow, (typeof SEND_ROOM_COLUMNS)[number]> & {
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

/** A message whose stored fields need no room to be known: text, stamps, sounds, system kinds. */
export type RoomlessMessage = Pick<
  NewMessage,
  | 'id'
  | 'room_id'
  | 'sender_id'
  | 'message_type_id'
  | 'data'
  | 'stamp_id'
  | 'is_sound'
  | 'sound_tab'
  | 'sound_item'
  | 'is_voice'
  | 'client_id'
> & {
  created_at: Date;
  is_read?: boolean;
  held?: boolean;
  /**
   * Held or flagged by the filter (ADR 0028): `chat.message.filtered` but its receiver, queued in the
   * outbox by the statement that stores the message, so a crash after the store cannot lose the
   * moderators' queue item (and a resend that stores nothing queues nothing).
   */
  filtered?: Omit<EventPayload<typeof events.chatMessageFiltered>, 'receiver_id'>;
  /** The sender's request's `traceparent`, for the queued event (a batch runs outside it). */
  trace?: string | null;
  /** A person's own words: refused while they are muted, suspended or banned (a service's records are not). */
  silenceable?: boolean;
};

/** What `sendInRoom` found: no room (not there, or the sender is not in it), or the room and the message. */
export type SentInRoom =
  | { room: undefined }
  | {
      room: SendContext;
      message: MessageRow | undefined;
      created: boolean;
      /** The sender's standing mute, suspension or ban: nothing was stored (`until` null: until lifted). */
      silenced?: { until: Date | null };
    };

/**
 * The send path's round trips, batched per database: messages sent together (under load, hundreds a
 * second) share one statement instead of one or two each.
 */
const batchesByDb = new WeakMap<
  Kysely<ChatDb>,
  {
    contexts: Batcher<SendAsk, SendContext | undefined>;
    inserts: Batcher<NewMessage, Inserted>;
    sends: Batcher<RoomlessMessage, SentInRoom>;
  }
>();

function batchesOf(db: Kysely<ChatDb>) {
  let batches = batchesByDb.get(db);
  if (!batches) {
    batches = {
      contexts: new Batcher((asks) => findSendContexts(db, asks), { maxConcurrent: 1 }),
      inserts: new Batcher((rows) => insertMessages(db, rows), { maxConcurrent: 1 }),
      sends: new Batcher((rows) => sendInRooms(db, rows), { maxConcurrent: 1 }),
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

/**
 * Reads the room as the sender needs it and stores the message in the same statement, when the
 * sender is in the room and it is live (not deleted, its voice not expired at `created_at`). The
 * receiver, `refused` (the receiver blocks the sender) and `expire_at` (the sender's retention,
 * never after the voice) are decided in the database from the same rows the room is read from,
 * by the rules of `sides`, `isRoomDeleted` and `messageExpiry`. A resend with a client_id already
 * stored answers `message` undefined and `created` false: the caller reads the stored one.
 * Batched with concurrent sends: one round trip for the whole send under load as when idle.
 */
export function sendInRoom(db: Kysely<ChatDb>, row: RoomlessMessage): Promise<SentInRoom> {
  return batchesOf(db).sends.load(row);
}

/**
 * The stored message a resend (same sender and client_id) stands for, through its key: the key's
 * expiry names the one partition to look in.
 */
export const findByClientId = (db: Kysely<ChatDb>, senderId: string, clientId: string) =>
  db
    .selectFrom('message_client_ids as k')
    .innerJoin('messages', (j) =>
      j.onRef('messages.id', '=', 'k.message_id').onRef('messages.expire_at', '=', 'k.expire_at'),
    )
    .selectAll('messages')
    .where('k.sender_id', '=', senderId)
    .where('k.client_id', '=', clientId)
    .executeTakeFirstOrThrow();

/** What a send reads of its room: who is in it and how, its voice, and whether it is still open. */
const SEND_ROOM_COLUMNS = [
  'id',
  'room_type_id',
  'topic_id',
  'topic_title',
  'topic_owner_id',
  'topic_expire_at',
  'user1_id',
  'user2_id',
  'user1_anonymous',
  'user2_anonymous',
  'is_replied',
  'deleted_at',
] as const satisfies readonly (keyof RoomRow)[];

/** Every field of a `SendContext`: the room's columns and what `sendContextColumns` adds to them. */
const SEND_CONTEXT_FIELDS = [
  ...SEND_ROOM_COLUMNS,
  'is_blocked',
  'saved_message_time',
  'sender_name',
] as const satisfies readonly (keyof SendContext)[];

/**
 * The send context of each ask's room, as `q(room_id, sender_id)` rows: shared by both send statements.
 * Columns are named, never `*`: a prepared statement whose result type changes with a migration
 * (a column added to rooms) fails until its connection ends.
 */
const sendContextColumns = sql`
  ${sql.raw(SEND_ROOM_COLUMNS.map((c) => `r.${c}`).join(', '))},
  (
    (not r.user1_anonymous and not r.user2_anonymous and exists (
      select 1 from blocks b
      where b.blocker_id = case when r.user1_id = q.sender_id then r.user2_id else r.user1_id end
        and b.blocked_id = q.sender_id and b.blocked
    )) or exists (
      select 1 from room_blocks rb
      where rb.room_id = r.id and rb.blocker_id = case when r.user1_id = q.sender_id then r.user2_id else r.user1_id end
    )
  ) as is_blocked,
  (select s.saved_message_time from user_settings s where s.user_id = q.sender_id) as saved_message_time,
  (select c.user_name from user_cards c where c.user_id = q.sender_id) as sender_name`;
// Each ask's room by its key, one index lookup per ask whatever the planner guesses of the ask count
// (a subquery with a limit is never flattened into a hash join over every room).
const senderInRoom = sql`cross join lateral (
    select * from rooms r where r.id = q.room_id and (r.user1_id = q.sender_id or r.user2_id = q.sender_id) limit 1
  ) r`;

async function findSendContexts(db: Kysely<ChatDb>, asks: SendAsk[]): Promise<(SendContext | undefined)[]> {
  const { rows } = await sql<SendContext & { ask: string }>`
    select ${sendContextColumns}, q.ask
    from unnest(${asks.map((a) => a.roomId)}::uuid[], ${asks.map((a) => a.senderId)}::text[])
      with ordinality as q(room_id, sender_id, ask)
    ${senderInRoom}
  `.execute(db);
  const byAsk = new Map<number, SendContext>();
  for (const { ask, ...room } of rows) byAsk.set(Number(ask) - 1, room);
  return asks.map((_, i) => byAsk.get(i));
}

const MESSAGE_COLUMNS = [
  'seq',
  'id',
  'room_id',
  'sender_id',
  'receiver_id',
  'message_type_id',
  'data',
  'width',
  'height',
  'stamp_id',
  'is_sound',
  'sound_tab',
  'sound_item',
  'is_voice',
  'image_id',
  'refused',
  'held',
  'is_read',
  'client_id',
  'created_at',
  'expire_at',
] as const satisfies readonly (keyof MessageRow)[];
// The inserted message's columns beside the room's, each under a prefix so no name meets a room column.
const insertedColumns = sql.raw(MESSAGE_COLUMNS.map((c) => `ins.${c} as "m_${c}"`).join(', '));

async function sendInRooms(db: Kysely<ChatDb>, rows: RoomlessMessage[]): Promise<SentInRoom[]> {
  // One JSON parameter, not an array per column: its row count does not depend on the values, so
  // the prepared statement's generic plan is used and nothing is planned per call (see `prepared`).
  const asks = JSON.stringify(
    rows.map((r, i) => ({
      ask: i + 1,
      id: r.id,
      room_id: r.room_id,
      sender_id: r.sender_id,
      message_type_id: r.message_type_id,
      data: r.data,
      stamp_id: r.stamp_id ?? null,
      is_sound: r.is_sound ?? false,
      sound_tab: r.sound_tab ?? null,
      sound_item: r.sound_item ?? null,
      is_voice: r.is_voice ?? false,
      client_id: r.client_id ?? null,
      created_at: r.created_at.toISOString(),
      is_read: r.is_read ?? false,
      held: r.held ?? false,
      filtered: r.filtered ?? null,
      trace: r.trace ?? null,
      silenceable: r.silenceable ?? false,
    })),
  );
  const { rows: found } = await sql<Record<string, unknown> & { ask: string }>`${prepared('chat_send_in_rooms')}
    with q as (
      select * from jsonb_to_recordset(${asks}::jsonb) as q(ask int, id uuid, room_id uuid, sender_id text,
        message_type_id int, data text, stamp_id int, is_sound bool, sound_tab int, sound_item int, is_voice bool,
        client_id text, created_at timestamptz, is_read bool, held bool, filtered jsonb, trace text, silenceable bool)
    ),
    c as (
      select ${sendContextColumns}, q.ask, q.id as new_message_id,
        r.deleted_at is null and (r.topic_expire_at is null or r.topic_expire_at > q.created_at) as is_live,
        least(
          q.created_at + make_interval(mins => case when s.saved_message_time > 0 then s.saved_message_time
            else ${sql.lit(CHAT_LIMITS.defaultRetentionMinutes)} end),
          r.topic_expire_at
        ) as new_expire_at,
        sil.restriction as silenced, sil.until as silenced_until
      from q ${senderInRoom}
      left join user_settings s on s.user_id = q.sender_id
      left join lateral ${standingSilencing(sql.ref('q.sender_id'), sql.ref('q.created_at'))} sil on q.silenceable
    ),
    -- The resend's dedupe (a unique key on the partitioned table would have to include expire_at):
    -- only a client_id stored here first makes a message; a resend's finds its key taken.
    keys as (
      insert into message_client_ids (sender_id, client_id, message_id, expire_at)
      select q.sender_id, q.client_id, q.id, c.new_expire_at
      from q join c on c.ask = q.ask
      where c.is_live and c.silenced is null and q.client_id is not null
      order by q.ask
      on conflict do nothing
      returning message_id
    ),
    ins as (
      insert into messages (id, room_id, sender_id, receiver_id, message_type_id, data, stamp_id, is_sound, sound_tab,
        sound_item, is_voice, refused, held, is_read, client_id, created_at, expire_at)
      select q.id, q.room_id, q.sender_id, case when c.user1_id = q.sender_id then c.user2_id else c.user1_id end,
        q.message_type_id, q.data, q.stamp_id, q.is_sound, q.sound_tab, q.sound_item, q.is_voice, c.is_blocked or q.held,
        q.held, q.is_read, q.client_id, q.created_at, c.new_expire_at
      from q join c on c.ask = q.ask
      where c.is_live and c.silenced is null and (q.client_id is null or q.id in (select message_id from keys))
      order by q.ask
      returning ${sql.raw(MESSAGE_COLUMNS.join(', '))}
    ),
    queued as (
      insert into outbox (event_id, subject, payload, trace, created_at)
      select ${sql.lit(`${events.chatMessageFiltered.subject}:`)} || ins.id::text, ${sql.lit(events.chatMessageFiltered.subject)},
        q.filtered || jsonb_build_object('receiver_id', ins.receiver_id), q.trace, q.created_at
      from ins join q on q.id = ins.id
      where q.filtered is not null
      on conflict (event_id) do nothing
    )
    select c.*, ${insertedColumns}
    from c left join ins on ins.id = c.new_message_id
  `.execute(db);
  const byAsk = new Map<number, SentInRoom>();
  for (const row of found) {
    const room = Object.fromEntries(SEND_CONTEXT_FIELDS.map((c) => [c, row[c]])) as SendContext;
    const created = row.m_id != null;
    const message = created
      ? (Object.fromEntries(MESSAGE_COLUMNS.map((c) => [c, row[`m_${c}`]])) as MessageRow)
      : undefined;
    const silenced = row.silenced != null ? { until: row.silenced_until as Date | null } : undefined;
    byAsk.set(Number(row.ask) - 1, { room, message, created, ...(silenced ? { silenced } : {}) });
  }
  return rows.map((_, i) => byAsk.get(i) ?? { room: undefined });
}

async function insertMessages(db: Kysely<ChatDb>, rows: NewMessage[]): Promise<Inserted[]> {
  const inserted = await db.transaction().execute(async (trx) => {
    const keyed = rows.filter((r) => r.client_id != null);
    // The resend's dedupe, as in `sendInRooms`: a message only for a client_id whose key is new.
    const kept =
      keyed.length === 0
        ? []
        : await trx
            .insertInto('message_client_ids')
            .values(
              keyed.map((r) => ({
                sender_id: r.sender_id,
                client_id: r.client_id!,
                message_id: r.id,
                expire_at: r.expire_at,
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .returning('message_id')
            .execute();
    const keptIds = new Set(kept.map((k) => k.message_id));
    const fresh = rows.filter((r) => r.client_id == null || keptIds.has(r.id));
    return fresh.length === 0 ? [] : trx.insertInto('messages').values(fresh).returningAll().execute();
  });
  const byId = new Map(inserted.map((m) => [m.id, m]));
  return Promise.all(
    rows.map(async (row) => {
      const message = byId.get(row.id);
      if (message) return { message, created: true };
      // A resend of a message already stored (same sender and client_id): the stored one.
      return { message: await findByClientId(db, row.sender_id, row.client_id!), created: false };
    }),
  );
}

/**
 * What `viewer` may see: live (expire_at > now), not refused unless they sent it, and nothing
 * from someone they block now — a person block in rooms where both sides are named, a block made
 * inside the room in that room (ADR 0020: a person block that emptied an anonymous room would tell
 * who is in it).
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
            .where('vb.blocked', '=', true)
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom('rooms as vr')
                  .select('vr.id')
                  .whereRef('vr.id', '=', 'messages.room_id')
                  .where('vr.user1_anonymous', '=', false)
                  .where('vr.user2_anonymous', '=', false),
              ),
            ),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('room_blocks as vrb')
            .select('vrb.blocker_id')
            .whereRef('vrb.room_id', '=', 'messages.room_id')
            .where('vrb.blocker_id', '=', viewer)
            .where('messages.sender_id', '!=', viewer),
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

/** The ids of what these senders wrote in one room (an operator's delete_messages on a person there). */
export const messageIdsInRoomFrom = async (db: Kysely<ChatDb>, roomId: string, senderIds: string[]) =>
  (
    await db
      .selectFrom('messages')
      .select('id')
      .where('room_id', '=', roomId)
      .where('sender_id', 'in', senderIds)
      .execute()
  ).map((r) => r.id);

export async function deleteMessages(db: Kysely<ChatDb>, ids: string[]) {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('messages')
      .where('id', 'in', ids)
      .returning(['id', 'room_id', 'sender_id', 'receiver_id', 'refused', 'image_id'])
      .execute();
    await forgetClientIds(
      trx,
      rows.map((r) => r.id),
    );
    const images = rows.map((r) => r.image_id).filter((i): i is string => i !== null);
    if (images.length > 0) await trx.deleteFrom('images').where('id', 'in', images).execute();
    return rows;
  });
}

/**
 * The resend keys of deleted messages: a resend after a delete stores the message again, as it did
 * when the key was the message's own unique index.
 */
async function forgetClientIds(db: Kysely<ChatDb>, messageIds: string[]): Promise<void> {
  if (messageIds.length > 0) await db.deleteFrom('message_client_ids').where('message_id', 'in', messageIds).execute();
}

/** Every message a deleted user sent or received. */
export async function deleteMessagesOf(db: Kysely<ChatDb>, userId: string): Promise<void> {
  const rows = await db
    .deleteFrom('messages')
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
    .returning('id')
    .execute();
  await forgetClientIds(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * For a report (the moderation service freezes it): the reported person's latest message in the
 * room and up to `around` messages before and after it, in order, whatever their vanish timer says
 * (rows not purged yet are still evidence). No message of theirs: the room's latest 2×around+1.
 */
export async function messagesAround(db: Kysely<ChatDb>, roomId: string, reportedId: string, around: number) {
  const cols = ['id', 'seq', 'sender_id', 'message_type_id', 'data', 'created_at'] as const;
  const anchor = await db
    .selectFrom('messages')
    .select(['seq', 'id'])
    .where('room_id', '=', roomId)
    .where('sender_id', '=', reportedId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!anchor) {
    const rows = await db
      .selectFrom('messages')
      .select(cols)
      .where('room_id', '=', roomId)
      .orderBy('seq', 'desc')
      .limit(2 * around + 1)
      .execute();
    return { anchorId: null, rows: rows.reverse() };
  }
  const [before, after] = await Promise.all([
    db
      .selectFrom('messages')
      .select(cols)
      .where('room_id', '=', roomId)
      .where('seq', '<=', anchor.seq)
      .orderBy('seq', 'desc')
      .limit(around + 1)
      .execute(),
    db
      .selectFrom('messages')
      .select(cols)
      .where('room_id', '=', roomId)
      .where('seq', '>', anchor.seq)
      .orderBy('seq')
      .limit(around)
      .execute(),
  ]);
  return { anchorId: anchor.id, rows: [...before.reverse(), ...after] };
}

/** A held message released by a moderator: no longer refused, so the receiver's reads show it. */
export const releaseHeld = (db: Kysely<ChatDb>, id: string) =>
  db
    .updateTable('messages')
    .set({ held: false, refused: false })
    .where('id', '=', id)
    .where('held', '=', true)
    .returningAll()
    .executeTakeFirst();

/** A held message a moderator discarded: deleted, never delivered. */
export async function discardHeld(db: Kysely<ChatDb>, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('messages').where('id', '=', id).where('held', '=', true).returning('id').execute();
  await forgetClientIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.length > 0;
}
