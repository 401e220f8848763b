import { idsPage } from '@honne/service-kit';
import type { Kysely } from 'kysely';

import type { PointsDb } from '../schema/index.ts';

/** Opens a user's ledger account at 0; a second call for the same user changes nothing. */
export async function openAccount(db: Kysely<PointsDb>, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ user_id: userId, balance: 0, purchased: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** A user without an account (registered before points knew them) has 0 points. */
export async function accountOf(db: Kysely<PointsDb>, userId: string): Promise<{ balance: number; purchased: number }> {
  const row = await db
    .selectFrom('accounts')
    .select(['balance', 'purchased'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { balance: Number(row?.balance ?? 0), purchased: Number(row?.purchased ?? 0) };
}

export async function balanceOf(db: Kysely<PointsDb>, userId: string): Promise<number> {
  return (await accountOf(db, userId)).balance;
}

export async function hasAccount(db: Kysely<PointsDb>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * A user accounts told us of: their registration opened a ledger account, or their profile gave
 * an age (which opens one too, in the same handler). Grants and purchases go to these only.
 */
export async function isKnownUser(db: Kysely<PointsDb>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('user_id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('spender_ages').select('user_id').where('user_id', '=', userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** A deleted user's ledger account; their entries cascade. */
export async function deleteAccount(db: Kysely<PointsDb>, userId: string): Promise<void> {
  await db.deleteFrom('accounts').where('user_id', '=', userId).execute();
  await db.deleteFrom('spender_ages').where('user_id', '=', userId).execute();
}

/**
 * A page of the users points keeps anything of (a ledger account, an age copy), in id order after
 * `after`: the ones a rebuild asks accounts about. House accounts are points' own and never listed.
 */
export const heldUserIdsPage = (db: Kysely<PointsDb>, after: string | null, limit: number): Promise<string[]> =>
  idsPage(
    db,
    [
      { table: 'accounts', column: 'user_id', exceptLike: 'house:%' },
      { table: 'spender_ages', column: 'user_id' },
    ],
    after,
    limit,
  );
