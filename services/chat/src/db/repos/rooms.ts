import { isUuid } from '@honne/service-kit';
import type { Kysely, Transaction, Insertable } from 'kysely';

import type { ChatDb, RoomReportTable, RoomRow, RoomTable } from '../schema/index.ts';

/** A room the user takes part in; undefined for a room that does not exist or is not theirs. */
export async function findRoomFor(db: Kysely<ChatDb>, roomId: string, userId: string): Promise<RoomRow | undefined> {
  if (!isUuid(roomId)) return undefined;
  return db
    .selectFrom('rooms')
    .selectAll()
    .where('id', '=', roomId)
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
    .executeTakeFirst();
}

export async function roomsByIds(db: Kysely<ChatDb>, ids: string[]): Promise<RoomRow[]> {
  return ids.length ? db.selectFrom('rooms').selectAll().where('id', 'in', ids).execute() : [];
}

export const findRoomByKey = (db: Kysely<ChatDb>, pairKey: string) =>
  db.selectFrom('rooms').selectAll().where('pair_key', '=', pairKey).executeTakeFirst();

/**
 * Inserts the room unless its pair already has one; `created` says whether this call made it.
 * Concurrent double submits both end with the one row (the unique pair_key decides).
 */
export async function createOrGetRoom(
  db: Kysely<ChatDb>,
  row: Insertable<RoomTable>,
): Promise<{ room: RoomRow; created: boolean }> {
  const inserted = await db
    .insertInto('rooms')
    .values(row)
    // No conflict target: a paid room's id follows from its pair key, so two tabs opening it at the
    // same moment meet on the primary key as well as on pair_key, and a target naming only pair_key
    // let the second insert fail on rooms_pkey (a 500) instead of finding the first one's room.
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { room: inserted, created: true };
  const existing = await findRoomByKey(db, row.pair_key);
  if (!existing) throw new Error(`room ${row.pair_key} vanished between insert and select`);
  return { room: existing, created: false };
}

/** Sets is_replied once; true when this call flipped it. */
export async function markReplied(db: Kysely<ChatDb>, roomId: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('rooms')
    .set({ is_replied: true, updated_at: at })
    .where('id', '=', roomId)
    .where('is_replied', '=', false)
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function addRater(db: Kysely<ChatDb>, room: RoomRow, userId: string, at: Date): Promise<void> {
  if (room.rated_by.includes(userId)) return;
  await db
    .updateTable('rooms')
    .set({ rated_by: [...room.rated_by, userId], updated_at: at })
    .where('id', '=', room.id)
    .execute();
}

export async function insertRoomReport(db: Kysely<ChatDb>, report: Insertable<RoomReportTable>): Promise<void> {
  await db.insertInto('room_reports').values(report).execute();
}

/** One rating per rater, room and kind; rating again replaces the stars. */
export async function upsertRating(
  db: Kysely<ChatDb>,
  r: { room_id: string; rater_id: string; rated_id: string; type: number; star: number },
  at: Date,
): Promise<void> {
  await db
    .insertInto('room_ratings')
    .values({ ...r, updated_at: at })
    .onConflict((oc) => oc.columns(['room_id', 'rater_id', 'type']).doUpdateSet({ star: r.star, updated_at: at }))
    .execute();
}

export type RemovedRoom = Pick<RoomRow, 'id' | 'topic_id' | 'user1_id' | 'user2_id' | 'room_type_id'>;

/** Marks a voice's rooms deleted and deletes their messages and images (the voice expired or went). */
export async function closeTopicRooms(db: Kysely<ChatDb>, topicId: string, at: Date): Promise<RemovedRoom[]> {
  return db.transaction().execute(async (trx) => {
    const rooms = await trx
      .updateTable('rooms')
      .set({ deleted_at: at, updated_at: at })
      .where('topic_id', '=', topicId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'topic_id', 'user1_id', 'user2_id', 'room_type_id'])
      .execute();
    await deleteRoomContent(trx, [
      ...(await trx.selectFrom('rooms').select('id').where('topic_id', '=', topicId).execute()).map((r) => r.id),
    ]);
    return rooms;
  });
}

/** Voices that passed their expiry without the event having reached chat yet (the purge's safety net). */
export async function closeExpiredTopicRooms(db: Kysely<ChatDb>, now: Date): Promise<RemovedRoom[]> {
  return db.transaction().execute(async (trx) => {
    const rooms = await trx
      .updateTable('rooms')
      .set({ deleted_at: now, updated_at: now })
      .where('topic_expire_at', '<=', now)
      .where('deleted_at', 'is', null)
      .returning(['id', 'topic_id', 'user1_id', 'user2_id', 'room_type_id'])
      .execute();
    await deleteRoomContent(
      trx,
      rooms.map((r) => r.id),
    );
    return rooms;
  });
}

/** Deletes rooms with everything in them (friend rooms on a rename or unfriending; a deleted user's rooms). */
export async function deleteRooms(db: Kysely<ChatDb>, roomIds: string[]): Promise<RemovedRoom[]> {
  if (roomIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await deleteRoomContent(trx, roomIds);
    await trx.deleteFrom('room_ratings').where('room_id', 'in', roomIds).execute();
    await trx.deleteFrom('room_blocks').where('room_id', 'in', roomIds).execute();
    return trx
      .deleteFrom('rooms')
      .where('id', 'in', roomIds)
      .returning(['id', 'topic_id', 'user1_id', 'user2_id', 'room_type_id'])
      .execute();
  });
}

async function deleteRoomContent(trx: Transaction<ChatDb>, roomIds: string[]): Promise<void> {
  if (roomIds.length === 0) return;
  // With their resend keys (ADR 0035), so a client_id is free again once its message is gone.
  await trx
    .with('gone', (db) => db.deleteFrom('messages').where('room_id', 'in', roomIds).returning('id'))
    .deleteFrom('message_client_ids')
    .where('message_id', 'in', (eb) => eb.selectFrom('gone').select('gone.id'))
    .execute();
  await trx.deleteFrom('images').where('room_id', 'in', roomIds).execute();
}

export async function friendRoomIdsOf(db: Kysely<ChatDb>, userId: string, peerId?: string): Promise<string[]> {
  let q = db
    .selectFrom('rooms')
    .select('id')
    .where('pair_key', 'like', 'friend:%')
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]));
  if (peerId) q = q.where((eb) => eb.or([eb('user1_id', '=', peerId), eb('user2_id', '=', peerId)]));
  return (await q.execute()).map((r) => r.id);
}

export async function roomIdsOf(db: Kysely<ChatDb>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('rooms')
    .select('id')
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
    .execute();
  return rows.map((r) => r.id);
}

/** The voice of each of `userId`'s rooms among `roomIds` (null for friend rooms); others' rooms are left out. */
export async function topicIdsOfRooms(db: Kysely<ChatDb>, userId: string, roomIds: string[]) {
  if (roomIds.length === 0) return new Map<string, string | null>();
  const rows = await db
    .selectFrom('rooms')
    .select(['id', 'topic_id'])
    .where('id', 'in', roomIds)
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
    .execute();
  return new Map(rows.map((r) => [r.id, r.topic_id]));
}

/** The live friend rooms of these pair keys. */
export async function friendRoomsByKeys(db: Kysely<ChatDb>, pairKeys: string[]) {
  if (pairKeys.length === 0) return [];
  return db
    .selectFrom('rooms')
    .select(['id', 'pair_key', 'updated_at'])
    .where('pair_key', 'in', pairKeys)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * The live room of `userId` and `peerId` updated last among those where `peerId` is named to
 * `userId` (a room where the peer is anonymous is never found by the peer's id).
 */
export async function latestNamedRoomBetween(db: Kysely<ChatDb>, userId: string, peerId: string, now: Date) {
  const row = await db
    .selectFrom('rooms')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('topic_expire_at', 'is', null), eb('topic_expire_at', '>', now)]))
    .where((eb) =>
      eb.or([
        eb.and([eb('user1_id', '=', userId), eb('user2_id', '=', peerId), eb('user2_anonymous', '=', false)]),
        eb.and([eb('user2_id', '=', userId), eb('user1_id', '=', peerId), eb('user1_anonymous', '=', false)]),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Who takes part in a live room, and how, for accounts' friend request from it. */
export function findParticipants(db: Kysely<ChatDb>, roomId: string) {
  return db
    .selectFrom('rooms')
    .select(['id', 'user1_id', 'user2_id', 'user1_anonymous', 'user2_anonymous', 'room_type_id', 'topic_id'])
    .where('id', '=', roomId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The owner opens a bonus request; a second one while it is open changes nothing. */
export async function openBonus(db: Kysely<ChatDb>, roomId: string, at: Date): Promise<void> {
  await db
    .updateTable('rooms')
    .set({ bonus: true, updated_at: at })
    .where('id', '=', roomId)
    .where('bonus', '=', false)
    .execute();
}

/**
 * The payer's answer closes the open request (counting it when paid), only if it is still the one
 * answered: a second answer to the same request changes nothing.
 */
export async function closeBonus(
  db: Kysely<ChatDb>,
  room: Pick<RoomRow, 'id' | 'bonus_count'>,
  paid: boolean,
  at: Date,
): Promise<void> {
  await db
    .updateTable('rooms')
    .set((eb) => ({
      bonus: false,
      bonus_count: paid ? eb('bonus_count', '+', 1) : eb.ref('bonus_count'),
      updated_at: at,
    }))
    .where('id', '=', room.id)
    .where('bonus', '=', true)
    .where('bonus_count', '=', room.bonus_count)
    .execute();
}

/** A page of the rooms on voices that still stand, in id order after `after` (topics' rebuild). */
export function voiceRoomsPage(db: Kysely<ChatDb>, after: string | null, limit: number): Promise<RoomRow[]> {
  let q = db
    .selectFrom('rooms')
    .selectAll()
    .where('topic_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(limit);
  if (after) q = q.where('id', '>', after);
  return q.execute();
}
