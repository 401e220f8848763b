import { EXPERT_STATUS } from '@honne/contracts/accounts';
import type { Kysely, Transaction } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';
import type { User, UserUpdate } from '../schema/users.ts';

type Db = Kysely<AccountsDb> | Transaction<AccountsDb>;

export function findByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The most a user may charge for a chat and per call minute (set by operators). */
export interface Rank {
  max_point_for_chatting: number;
  max_point_for_a_call: number;
}
const NO_RANK: Rank = { max_point_for_chatting: 0, max_point_for_a_call: 0 };

export function findById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a verified user; undefined when the e-mail was taken meanwhile (a double submit). */
export async function insertUser(
  db: Db,
  email: string,
  passwordHash: string,
  now: Date,
  rank: Rank = NO_RANK,
): Promise<User | undefined> {
  return db
    .insertInto('users')
    .values({
      email,
      email_id: email,
      password_hash: passwordHash,
      is_active: true,
      ...rank,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Serialises session changes of one user (two logins at once cannot both stay live). */
export async function lockUser(db: Transaction<AccountsDb>, id: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

export async function updateUser(db: Db, id: string, patch: UserUpdate): Promise<User> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Every character of an account (the parent first), sharing its e-mail as email_id. */
export function familyOf(db: Db, emailId: string): Promise<User[]> {
  return db.selectFrom('users').selectAll().where('email_id', '=', emailId).orderBy('character_no').execute();
}

/**
 * Adds a character with the lowest free number (2 or 3). Characters cannot log in by e-mail
 * (their password hash matches nothing); the parent logs in and switches.
 */
export async function insertCharacter(
  trx: Transaction<AccountsDb>,
  parent: User,
  maxCharacters: number,
  now: Date,
  rank: Rank = NO_RANK,
): Promise<User | undefined> {
  // In the caller's transaction, so the character commits with its events (the outbox) or not at all.
  await lockUser(trx, parent.id);
  const taken = new Set((await familyOf(trx, parent.email_id)).map((u) => u.character_no));
  let no = 1;
  while (taken.has(no)) no++;
  if (no > maxCharacters) return undefined;
  return trx
    .insertInto('users')
    .values({
      email: `${parent.email_id}#${no}`,
      email_id: parent.email_id,
      password_hash: '!',
      is_active: true,
      character_no: no,
      ...rank,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The account's parent row, which holds the e-mail and password. */
export function parentOf(db: Db, emailId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', emailId).executeTakeFirst();
}

/** A page of users in id order after `after` (the snapshot other services rebuild their cards from). */
export function usersPage(db: Db, after: string | null, limit: number): Promise<User[]> {
  let q = db.selectFrom('users').selectAll().orderBy('id').limit(limit);
  if (after) q = q.where('id', '>', after);
  return q.execute();
}

/** Characters whose expert request waits for an operator, the longest waiting first. */
export function expertRequests(db: Db, limit: number): Promise<Pick<User, 'id' | 'user_name' | 'updated_at'>[]> {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'updated_at'])
    .where('is_approval', '=', EXPERT_STATUS.requested)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A user id as accounts issues them: anything else names nobody (and would not cast to uuid). */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which of `ids` name a user accounts has (not deleted), as asked: what a rebuild checks before it
 * removes a user's data. Compared as uuids (a letter's case does not matter), so an id is never
 * called missing for its spelling.
 */
export async function existingUserIds(db: Db, ids: string[]): Promise<string[]> {
  const candidates = ids.filter((id) => USER_ID.test(id)).map((id) => id.toLowerCase());
  if (candidates.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', candidates).execute();
  const found = new Set(rows.map((r) => r.id.toLowerCase()));
  return ids.filter((id) => found.has(id.toLowerCase()));
}
