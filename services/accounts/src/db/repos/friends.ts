import { MINOR_AGE_ID } from '@honne/contracts/age';
import { sql, type Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

/**
 * Both directions of a friendship in one statement (run it in the transaction that queues the
 * friendship's event); false when they were already friends.
 */
export async function addFriendPair(
  db: Kysely<AccountsDb>,
  a: string,
  b: string,
  roomId: string | null,
  topicId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insertInto('friends')
    .values([
      { user_id: a, friend_id: b, room_id: roomId, topic_id: topicId, created_at: now },
      { user_id: b, friend_id: a, room_id: roomId, topic_id: topicId, created_at: now },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length === 2;
}

/** Removes a friendship for both sides; returns true when there was one. */
export async function removeFriendPair(db: Kysely<AccountsDb>, a: string, b: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('friends')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Every friendship of a user, both directions removed; returns the former friends. */
export async function removeAllFriends(db: Kysely<AccountsDb>, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('friends')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .returning(['user_id', 'friend_id'])
    .execute();
  return [...new Set(rows.map((r) => (r.user_id === userId ? r.friend_id : r.user_id)))];
}

export function friendRows(db: Kysely<AccountsDb>, userId: string) {
  return db
    .selectFrom('friends')
    .innerJoin('users', 'users.id', 'friends.friend_id')
    .select([
      'friends.id',
      'friends.friend_id',
      'friends.room_id',
      'friends.topic_id',
      'friends.created_at',
      'users.user_name',
      'users.profile_image',
      'users.gender',
      'users.age_id',
      'users.area_id',
    ])
    .where('friends.user_id', '=', userId)
    .limit(1000)
    .execute();
}

/** Whether `a` counts `b` as a friend (friend requests ask before adding). */
export async function areFriends(db: Kysely<AccountsDb>, a: string, b: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('friends')
      .select('id')
      .where('user_id', '=', a)
      .where('friend_id', '=', b)
      .executeTakeFirst()) !== undefined
  );
}

/**
 * Users named like `keyword` (named profiles only, not the searcher), with whether each is a friend.
 * Nobody finds someone a block stands between, under any of either one's characters. Minors and
 * adults never find each other (ADR 0031): a person is a minor when any of their characters
 * declares the age group 10代, the rule of the age-assurance state.
 */
export function searchUsers(
  db: Kysely<AccountsDb>,
  me: string,
  keyword: string,
  after: string | undefined,
  limit: number,
) {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let q = db
    .selectFrom('users')
    .leftJoin('friends', (j) => j.onRef('friends.friend_id', '=', 'users.id').on('friends.user_id', '=', me))
    .select(['users.id', 'users.user_name', 'users.profile_image', 'users.gender', 'friends.id as friend_row'])
    .where(sql<boolean>`users.user_name ILIKE ${pattern}`)
    .where('users.id', '!=', me)
    .where('users.is_infomation', '=', 1)
    .where(
      sql<boolean>`not exists (
        select 1 from blocks b
        join users x on x.id = b.blocker_id
        join users y on y.id = b.blocked_id
        where (x.email_id = users.email_id and y.email_id = (select email_id from users where id = ${me}))
           or (y.email_id = users.email_id and x.email_id = (select email_id from users where id = ${me})))`,
    )
    .where(
      sql<boolean>`exists (select 1 from users m where m.email_id = users.email_id and m.age_id = ${MINOR_AGE_ID})
        = exists (select 1 from users m where m.email_id = (select email_id from users where id = ${me})
                    and m.age_id = ${MINOR_AGE_ID})`,
    );
  if (after) q = q.where('users.id', '>', after);
  return q.orderBy('users.id').limit(limit).execute();
}

/** A page of friendship rows in id order after `after` (the snapshot chat rebuilds friendships from). */
export function friendRowsPage(db: Kysely<AccountsDb>, after: string | null, limit: number) {
  let q = db.selectFrom('friends').select(['id', 'user_id', 'friend_id']).orderBy('id').limit(limit);
  if (after) q = q.where('id', '>', after);
  return q.execute();
}
