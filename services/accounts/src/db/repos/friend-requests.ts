import type { Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

/** Friend requests (walk #21): one open request per direction. */

/** Records `from` asking `to`; false when that request is already open. */
export async function insertFriendRequest(
  db: Kysely<AccountsDb>,
  request: { from_id: string; to_id: string; room_id: string | null; topic_id: string | null; created_at: Date },
): Promise<boolean> {
  const rows = await db
    .insertInto('friend_requests')
    .values(request)
    .onConflict((oc) => oc.columns(['from_id', 'to_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function findFriendRequest(db: Kysely<AccountsDb>, fromId: string, toId: string) {
  return db
    .selectFrom('friend_requests')
    .selectAll()
    .where('from_id', '=', fromId)
    .where('to_id', '=', toId)
    .executeTakeFirst();
}

export function friendRequestById(db: Kysely<AccountsDb>, id: string) {
  return db.selectFrom('friend_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes the open requests between two people, both directions (a friendship made, a block). */
export async function removeFriendRequests(db: Kysely<AccountsDb>, a: string, b: string): Promise<void> {
  await db
    .deleteFrom('friend_requests')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_id', '=', a), eb('to_id', '=', b)]),
        eb.and([eb('from_id', '=', b), eb('to_id', '=', a)]),
      ]),
    )
    .execute();
}

/** Requests waiting for `userId`, newest first, with the asker's card. */
export function incomingFriendRequests(db: Kysely<AccountsDb>, userId: string) {
  return db
    .selectFrom('friend_requests')
    .innerJoin('users', 'users.id', 'friend_requests.from_id')
    .select([
      'friend_requests.id',
      'friend_requests.from_id',
      'friend_requests.created_at',
      'users.user_name',
      'users.profile_image',
      'users.gender',
    ])
    .where('friend_requests.to_id', '=', userId)
    .orderBy('friend_requests.created_at', 'desc')
    .limit(100)
    .execute();
}

/** Of `ids`, those `userId` has asked and who have not answered. */
export async function requestedAmong(db: Kysely<AccountsDb>, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('friend_requests')
    .select('to_id')
    .where('from_id', '=', userId)
    .where('to_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.to_id));
}
