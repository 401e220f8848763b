import type { EventPayload, events } from '@honne/contracts/events';
import { deleteRowsOf, forgetBlocks, idsPage, upsertNewest, type IdColumn } from '@honne/service-kit';
import type { Kysely } from 'kysely';

import type { CardRow, ChatDb } from '../schema/index.ts';

type ProfileUpdated = EventPayload<typeof events.userProfileUpdated>;

// Every read model keeps the newest state: an older event arriving late never overwrites a newer one.

export async function upsertCard(db: Kysely<ChatDb>, e: ProfileUpdated): Promise<void> {
  const row = {
    user_id: e.user_id,
    user_name: e.user_name,
    profile_image: e.profile_image,
    gender: e.gender,
    age_id: e.age_id,
    area_id: e.area_id,
    updated_at: new Date(e.updated_at),
  };
  await upsertNewest(db, 'user_cards', ['user_id'], row);
}

export async function upsertSettings(
  db: Kysely<ChatDb>,
  userId: string,
  savedMessageTime: number,
  at: Date,
): Promise<void> {
  await upsertNewest(db, 'user_settings', ['user_id'], {
    user_id: userId,
    saved_message_time: savedMessageTime,
    updated_at: at,
  });
}

/** Both directions, so either side's id finds the friendship. */
export async function setFriend(db: Kysely<ChatDb>, a: string, b: string, friend: boolean, at: Date): Promise<void> {
  for (const [user_id, friend_id] of [
    [a, b],
    [b, a],
  ] as const) {
    await upsertNewest(
      db,
      'friends',
      ['user_id', 'friend_id'],
      { user_id, friend_id, friend, updated_at: at },
      { friend, updated_at: at },
    );
  }
}

/** A renamed user's friendships are reset (spec §4): every pair of theirs becomes 'not friends'. */
export async function resetFriends(db: Kysely<ChatDb>, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('friends')
    .set({ friend: false, updated_at: at })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .where('updated_at', '<=', at)
    .execute();
}

export async function areFriends(db: Kysely<ChatDb>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('friends')
    .select('friend')
    .where('user_id', '=', a)
    .where('friend_id', '=', b)
    .executeTakeFirst();
  return row?.friend === true;
}

export async function findCards(db: Kysely<ChatDb>, userIds: string[]): Promise<Map<string, CardRow>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_cards')
    .select(['user_id', 'user_name', 'profile_image', 'gender', 'age_id', 'area_id'])
    .where('user_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function savedMessageTime(db: Kysely<ChatDb>, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_settings')
    .select('saved_message_time')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.saved_message_time;
}

export async function forgetUser(db: Kysely<ChatDb>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteRowsOf<ChatDb>(trx, userId, [
      { table: 'user_cards', column: 'user_id' },
      { table: 'user_settings', column: 'user_id' },
      { table: 'room_blocks', column: 'blocker_id' },
      { table: 'friends', column: 'user_id' },
      { table: 'friends', column: 'friend_id' },
      { table: 'room_ratings', column: 'rater_id' },
      { table: 'room_ratings', column: 'rated_id' },
    ]);
    await forgetBlocks<ChatDb>(trx, userId);
  });
}

/** After a rebuild set every friendship in force as of `since`: an older one accounts did not confirm has ended. */
export async function retireUnconfirmedFriends(db: Kysely<ChatDb>, since: Date): Promise<void> {
  await db
    .updateTable('friends')
    .set({ friend: false, updated_at: since })
    .where('friend', '=', true)
    .where('updated_at', '<', since)
    .execute();
}

/**
 * Where chat keeps users: what its deletion handler clears. Messages, images and ratings belong to
 * rooms, whose two people are listed, and friendships are stored both ways.
 */
const USER_COLUMNS: readonly IdColumn[] = [
  { table: 'user_cards', column: 'user_id' },
  { table: 'user_settings', column: 'user_id' },
  { table: 'friends', column: 'user_id' },
  { table: 'blocks', column: 'blocker_id' },
  { table: 'blocks', column: 'blocked_id' },
  { table: 'rooms', column: 'user1_id' },
  { table: 'rooms', column: 'user2_id' },
];

/** A page of the users chat holds anything of, in id order after `after` (the rebuild asks accounts about them). */
export const heldUserIdsPage = (db: Kysely<ChatDb>, after: string | null, limit: number): Promise<string[]> =>
  idsPage(db, USER_COLUMNS, after, limit);
