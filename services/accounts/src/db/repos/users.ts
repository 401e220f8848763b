import type { Kysely, Transaction } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';
import type { User } from '../schema/users.ts';

type Db = Kysely<AccountsDb> | Transaction<AccountsDb>;

export function findByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a verified user; undefined when the e-mail was taken meanwhile (a double submit). */
export async function insertUser(db: Db, email: string, passwordHash: string, now: Date): Promise<User | undefined> {
  return db
    .insertInto('users')
    .values({ email, email_id: email, password_hash: passwordHash, is_active: true, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Serialises session changes of one user (two logins at once cannot both stay live). */
export async function lockUser(db: Transaction<AccountsDb>, id: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}
