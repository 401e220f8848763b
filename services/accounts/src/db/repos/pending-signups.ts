import type { Kysely, Transaction } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';
import type { PendingSignup } from '../schema/pending-signups.ts';

type Db = Kysely<AccountsDb> | Transaction<AccountsDb>;

/** Live sign-ups kept per address; older ones are dropped so nobody can pile up codes to guess. */
export const MAX_PENDING_PER_EMAIL = 3;

export async function insertPending(
  db: Kysely<AccountsDb>,
  row: { email: string; password_hash: string; code_hash: string; expires_at: Date },
  now: Date,
  id: string,
): Promise<PendingSignup> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('pending_signups')
      .values({ id, ...row, attempts: 0, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const keep = trx
      .selectFrom('pending_signups')
      .select('id')
      .where('email', '=', row.email)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(MAX_PENDING_PER_EMAIL);
    await trx.deleteFrom('pending_signups').where('email', '=', row.email).where('id', 'not in', keep).execute();
    return inserted;
  });
}

/** Live sign-ups for an address, newest first; `id` narrows to the one this client started. */
export function livePending(db: Db, email: string, now: Date, id?: string): Promise<PendingSignup[]> {
  let q = db.selectFrom('pending_signups').selectAll().where('email', '=', email).where('expires_at', '>', now);
  if (id) q = q.where('id', '=', id);
  return q.orderBy('created_at', 'desc').execute();
}

export async function replaceCode(db: Db, id: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('pending_signups')
    .set({ code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
    .where('id', '=', id)
    .execute();
}

/**
 * Counts one attempt atomically and returns the new count, or undefined when the limit was
 * already reached — parallel guesses cannot exceed the limit.
 */
export async function countAttempt(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('pending_signups')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Removes every pending sign-up of the address; true when `id` was still among them. */
export async function consumeAll(db: Db, email: string, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('pending_signups').where('email', '=', email).returning('id').execute();
  return rows.some((r) => r.id === id);
}
