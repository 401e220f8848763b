import { idsPage, notBlockedWith } from '@honne/service-kit';
import { sql, type Kysely } from 'kysely';

import type { Cursor, HistoryRow, ReplyRow, TopicsDb } from '../schema/index.ts';

export interface RoomOpened {
  roomId: string;
  topicId: string;
  topicOwnerId: string;
  topicAnonymous: boolean;
  openerId: string;
  openerAnonymous: boolean;
  expireAt: Date;
  at: Date;
  ids: { ownerHistory: string; openerHistory: string; reply: string };
}

/** Both sides' history entries and the reply on the voice; replays of the event change nothing. */
export async function recordRoomOpened(db: Kysely<TopicsDb>, e: RoomOpened): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const common = {
      room_id: e.roomId,
      topic_id: e.topicId,
      latest_message: null,
      expire_at: e.expireAt,
      created_at: e.at,
      updated_at: e.at,
    };
    await trx
      .insertInto('history')
      .values([
        {
          ...common,
          id: e.ids.ownerHistory,
          user_id: e.topicOwnerId,
          type: 1,
          partner_id: e.openerId,
          partner_anonymous: e.openerAnonymous,
        },
        {
          ...common,
          id: e.ids.openerHistory,
          user_id: e.openerId,
          type: 2,
          partner_id: e.topicOwnerId,
          partner_anonymous: e.topicAnonymous,
        },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
      .execute();
    await trx
      .insertInto('replies')
      .values({
        id: e.ids.reply,
        topic_id: e.topicId,
        user_id: e.openerId,
        room_id: e.roomId,
        is_anonymous: e.openerAnonymous,
        created_at: e.at,
      })
      .onConflict((oc) => oc.columns(['topic_id', 'room_id']).doNothing())
      .execute();
  });
}

export async function markReplied(db: Kysely<TopicsDb>, roomId: string, userId: string): Promise<number> {
  const res = await db
    .updateTable('replies')
    .set({ is_replied: true })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function listHistory(
  db: Kysely<TopicsDb>,
  userId: string,
  type: number,
  now: Date,
  cursor: Cursor | undefined,
  limit: number,
): Promise<HistoryRow[]> {
  let q = db
    .selectFrom('history')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expire_at', '>', now)
    // A person block hides rooms where both sides are named; a room with an anonymous side stays
    // (ADR 0020: it vanishing would tell who is in it). Either entry of the room says so.
    .where((eb) =>
      eb.or([
        notBlockedWith(userId, sql.ref<string>('partner_id')),
        eb.exists(
          eb
            .selectFrom('history as other')
            .select('other.id')
            .whereRef('other.room_id', '=', 'history.room_id')
            .where('other.partner_anonymous', '=', true),
        ),
      ]),
    );
  if (type === 1 || type === 2) q = q.where('type', '=', type);
  if (cursor) q = q.where(sql<boolean>`(updated_at, id) < (${cursor.at}, ${cursor.id})`);
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Sets the latest message on every entry of the room, if `userId` has one (else 0: not theirs). */
export async function updateLatest(
  db: Kysely<TopicsDb>,
  userId: string,
  roomId: string,
  message: string | null,
  at: Date,
): Promise<number> {
  const mine = await db
    .selectFrom('history')
    .select('id')
    .where('user_id', '=', userId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  if (!mine) return 0;
  const res = await db
    .updateTable('history')
    .set({ latest_message: message, updated_at: at })
    .where('room_id', '=', roomId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * The replies on a voice as its owner sees them: without anyone a person block stands between,
 * where both are named (an anonymous reply, or any on an anonymous voice, stays: ADR 0020).
 */
export async function listReplies(
  db: Kysely<TopicsDb>,
  topic: { id: string; user_id: string; is_anonymous: boolean },
  repliedOnly: boolean,
  cursor: Cursor | undefined,
  limit: number,
): Promise<ReplyRow[]> {
  let q = db
    .selectFrom('replies')
    .selectAll()
    .where('topic_id', '=', topic.id)
    .where((eb) =>
      topic.is_anonymous
        ? eb.val(true)
        : eb.or([eb('is_anonymous', '=', true), notBlockedWith(topic.user_id, sql.ref<string>('user_id'))]),
    );
  if (repliedOnly) q = q.where('is_replied', '=', true);
  if (cursor) q = q.where(sql<boolean>`(created_at, id) < (${cursor.at}, ${cursor.id})`);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The caller's room on a voice from their history entries: the one named when given (only if it is
 * theirs and on that voice), else their only one (a replier has one; an owner has one per replier).
 */
export async function findViewerRoom(db: Kysely<TopicsDb>, userId: string, topicId: string, roomId?: string) {
  let q = db.selectFrom('history').select('room_id').where('user_id', '=', userId).where('topic_id', '=', topicId);
  if (roomId) q = q.where('room_id', '=', roomId);
  const rows = await q.limit(2).execute();
  return rows.length === 1 ? rows[0]!.room_id : null;
}

/**
 * A page of the rooms topics holds history entries or replies of, in byte order after `after` (as
 * chat orders its room ids, so the rebuild can tell which of chat's pages covers each).
 */
export const heldRoomIdsPage = (db: Kysely<TopicsDb>, after: string | null, limit: number): Promise<string[]> =>
  idsPage(
    db,
    [
      { table: 'history', column: 'room_id' },
      { table: 'replies', column: 'room_id' },
    ],
    after,
    limit,
    { bytewise: true },
  );

/** The rooms a user is in, by topics' entries: their own, and others' entries naming them as the partner. */
export async function roomIdsWithUser(db: Kysely<TopicsDb>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('history')
    .select('room_id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('partner_id', '=', userId)]))
    .union(db.selectFrom('replies').select('room_id').where('user_id', '=', userId))
    .execute();
  return [...new Set(rows.map((r) => r.room_id))];
}

/** The history entries and replies of rooms chat no longer has: the entries removed, and how many replies. */
export async function removeRoomEntries(
  db: Kysely<TopicsDb>,
  roomIds: string[],
): Promise<{ history: { id: string; user_id: string; topic_id: string; room_id: string }[]; replies: number }> {
  if (roomIds.length === 0) return { history: [], replies: 0 };
  return db.transaction().execute(async (trx) => {
    const history = await trx
      .deleteFrom('history')
      .where('room_id', 'in', roomIds)
      .returning(['id', 'user_id', 'topic_id', 'room_id'])
      .execute();
    const replies = await trx.deleteFrom('replies').where('room_id', 'in', roomIds).executeTakeFirst();
    return { history, replies: Number(replies.numDeletedRows) };
  });
}
