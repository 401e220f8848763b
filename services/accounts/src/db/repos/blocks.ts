import type { Insertable, Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

type UserReport = Insertable<AccountsDb['user_reports']>;

export async function block(db: Kysely<AccountsDb>, blocker: string, blocked: string, now: Date): Promise<boolean> {
  const rows = await db
    .insertInto('blocks')
    .values({ blocker_id: blocker, blocked_id: blocked, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function unblock(db: Kysely<AccountsDb>, blocker: string, blocked: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blocker)
    .where('blocked_id', '=', blocked)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/**
 * A block is between people, not characters: it holds between every character of the one and
 * every character of the other (characters share `email_id`).
 */
function familyIds(db: Kysely<AccountsDb>, userId: string) {
  return db
    .selectFrom('users as f')
    .select('f.id')
    .where('f.email_id', '=', (eb) => eb.selectFrom('users as u').select('u.email_id').where('u.id', '=', userId));
}

/** Does anyone of `a`'s family block anyone of `b`'s? */
export async function familyBlocks(db: Kysely<AccountsDb>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('id')
    .where('blocker_id', 'in', familyIds(db, a))
    .where('blocked_id', 'in', familyIds(db, b))
    .executeTakeFirst();
  return row !== undefined;
}

/** True when either user, under any of their characters, blocked the other. */
export async function blockedEitherWay(db: Kysely<AccountsDb>, a: string, b: string): Promise<boolean> {
  return (await familyBlocks(db, a, b)) || (await familyBlocks(db, b, a));
}

/** Everyone a family's characters block or are blocked by (to extend those blocks to a new character). */
export async function blockCounterparts(db: Kysely<AccountsDb>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([eb('blocker_id', 'in', familyIds(db, userId)), eb('blocked_id', 'in', familyIds(db, userId))]),
    )
    .execute();
  const family = new Set((await familyIds(db, userId).execute()).map((r) => r.id));
  return [...new Set(rows.map((r) => (family.has(r.blocker_id) ? r.blocked_id : r.blocker_id)))];
}

export async function familyMembers(db: Kysely<AccountsDb>, userId: string): Promise<string[]> {
  return (await familyIds(db, userId).execute()).map((r) => r.id);
}

/** The users a user blocked, newest first, keyset-paged by block id order of creation. */
export function blockPage(
  db: Kysely<AccountsDb>,
  blocker: string,
  after: { created_at: Date; id: string } | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select([
      'blocks.id',
      'blocks.created_at',
      'users.id as user_id',
      'users.user_name',
      'users.profile_image',
      'users.gender',
    ])
    .where('blocks.blocker_id', '=', blocker);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('blocks.created_at', '<', after.created_at),
        eb.and([eb('blocks.created_at', '=', after.created_at), eb('blocks.id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('blocks.created_at', 'desc').orderBy('blocks.id', 'desc').limit(limit).execute();
}

export function findBlock(db: Kysely<AccountsDb>, id: string) {
  return db.selectFrom('blocks').select(['id', 'created_at']).where('id', '=', id).executeTakeFirst();
}

/** A report on a person, kept for operators (newlines as written). */
/** Stores a report and answers its id (the moderation service's event names it). */
export async function insertUserReport(db: Kysely<AccountsDb>, report: UserReport): Promise<string> {
  return (await db.insertInto('user_reports').values(report).returning('id').executeTakeFirstOrThrow()).id;
}

/** A page of block rows in id order after `after` (the snapshot chat and topics rebuild blocks from). */
export function blockRowsPage(db: Kysely<AccountsDb>, after: string | null, limit: number) {
  let q = db.selectFrom('blocks').select(['id', 'blocker_id', 'blocked_id']).orderBy('id').limit(limit);
  if (after) q = q.where('id', '>', after);
  return q.execute();
}
