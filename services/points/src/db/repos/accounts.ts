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

/** A deleted user's ledger account; their entries cascade. */
export async function deleteAccount(db: Kysely<PointsDb>, userId: string): Promise<void> {
  await db.deleteFrom('accounts').where('user_id', '=', userId).execute();
  await db.deleteFrom('spender_ages').where('user_id', '=', userId).execute();
}

/**
 * The users points keeps anything of (a ledger account, an age copy): the ones a rebuild checks
 * against accounts' snapshot. House accounts are points' own and never listed.
 */
export async function usersKnown(db: Kysely<PointsDb>): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('user_id')
    .where('user_id', 'not like', 'house:%')
    .union(db.selectFrom('spender_ages').select('user_id'))
    .execute();
  return rows.map((r) => r.user_id);
}
