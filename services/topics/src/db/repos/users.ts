import { deleteRowsOf, forgetBlocks, idsPage, upsertNewest, type IdColumn } from '@honne/service-kit';
import type { EventPayload, events } from '@honne/contracts/events';
import type { Kysely } from 'kysely';

import type { TopicsDb, UserCardRow, UserFilterRow } from '../schema/index.ts';

type ProfileUpdated = EventPayload<typeof events.userProfileUpdated>;

/** Keeps the newest card: an older event arriving late never overwrites a newer one. */
export async function upsertCard(db: Kysely<TopicsDb>, e: ProfileUpdated): Promise<void> {
  const row = {
    user_id: e.user_id,
    email_id: e.email_id,
    user_name: e.user_name,
    profile_image: e.profile_image,
    gender: e.gender,
    age_id: e.age_id,
    area_id: e.area_id,
    max_point_for_chatting: e.max_point_for_chatting,
    max_point_for_a_call: e.max_point_for_a_call,
    is_expert: e.is_expert ?? false,
    updated_at: new Date(e.updated_at),
  };
  await upsertNewest(db, 'user_cards', ['user_id'], row);
}

export const findCard = (db: Kysely<TopicsDb>, userId: string): Promise<UserCardRow | undefined> =>
  db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function findCards(db: Kysely<TopicsDb>, userIds: string[]): Promise<Map<string, UserCardRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_cards')
    .selectAll()
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function setPresence(db: Kysely<TopicsDb>, userId: string, online: boolean, at: Date): Promise<void> {
  await upsertNewest(db, 'user_presence', ['user_id'], { user_id: userId, online, updated_at: at });
}

export const findFilter = (db: Kysely<TopicsDb>, userId: string): Promise<UserFilterRow | undefined> =>
  db.selectFrom('user_filters').selectAll().where('user_id', '=', userId).executeTakeFirst();

export type FilterPatch = Partial<Omit<UserFilterRow, 'user_id' | 'updated_at'>>;

export async function saveFilter(
  db: Kysely<TopicsDb>,
  userId: string,
  patch: FilterPatch,
  at: Date,
): Promise<UserFilterRow> {
  return db
    .insertInto('user_filters')
    .values({
      gender: null,
      age_id: null,
      area_id: null,
      area: null,
      category_id: null,
      sub_category_id: null,
      latest_joined_thread: null,
      ...patch,
      // After the patch, so no key of it can name another user.
      user_id: userId,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...patch, updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Everything topics holds of a deleted user that is not a voice (voices go through deleteTopics). */
export async function forgetUser(db: Kysely<TopicsDb>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tables = [
      'history',
      'replies',
      'topic_clicks',
      'sub_category_unlocks',
      'user_filters',
      'user_presence',
      'user_cards',
    ];
    await deleteRowsOf<TopicsDb>(
      trx,
      userId,
      tables.map((table) => ({ table, column: 'user_id' })),
    );
    await forgetBlocks<TopicsDb>(trx, userId);
    await trx.updateTable('threads').set({ user_id: null }).where('user_id', '=', userId).execute();
  });
}

/** Where topics keeps users: what its deletion handler clears (their voices, then `forgetUser`'s tables). */
const USER_COLUMNS: readonly IdColumn[] = [
  { table: 'user_cards', column: 'user_id' },
  { table: 'user_presence', column: 'user_id' },
  { table: 'user_filters', column: 'user_id' },
  { table: 'sub_category_unlocks', column: 'user_id' },
  { table: 'topic_clicks', column: 'user_id' },
  { table: 'topics', column: 'user_id' },
  { table: 'threads', column: 'user_id' },
  { table: 'history', column: 'user_id' },
  { table: 'replies', column: 'user_id' },
  { table: 'blocks', column: 'blocker_id' },
  { table: 'blocks', column: 'blocked_id' },
];

/** A page of the users topics holds anything of, in id order after `after` (the rebuild asks accounts about them). */
export const heldUserIdsPage = (db: Kysely<TopicsDb>, after: string | null, limit: number): Promise<string[]> =>
  idsPage(db, USER_COLUMNS, after, limit);
