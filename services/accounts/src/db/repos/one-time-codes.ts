import type { Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';
import type { OneTimeCode } from '../schema/reference.ts';

type Purpose = OneTimeCode['purpose'];

/** One live code per purpose and subject; a new one replaces the old (and its attempt count). */
export async function putCode(
  db: Kysely<AccountsDb>,
  purpose: Purpose,
  subject: string,
  codeHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({ purpose, subject, code_hash: codeHash, expires_at: expiresAt, attempts: 0, created_at: now })
    .onConflict((oc) =>
      oc.columns(['purpose', 'subject']).doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, attempts: 0 }),
    )
    .execute();
}

export function findCode(db: Kysely<AccountsDb>, purpose: Purpose, subject: string): Promise<OneTimeCode | undefined> {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Counts an attempt atomically; undefined when the limit was already reached. */
export async function countCodeAttempt(db: Kysely<AccountsDb>, id: string, max: number): Promise<number | undefined> {
  const row = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

export async function deleteCode(db: Kysely<AccountsDb>, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('one_time_codes').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

export type CodeResult = 'ok' | 'missing' | 'expired' | 'too_many_attempts' | 'wrong';

/**
 * Checks a code, counting the attempt first so parallel guesses cannot exceed `maxAttempts`;
 * with `consume` a right code is deleted, and only one of two simultaneous submits gets 'ok'.
 */
export async function checkCode(
  db: Kysely<AccountsDb>,
  purpose: Purpose,
  subject: string,
  matches: (row: OneTimeCode) => boolean,
  opts: { now: Date; maxAttempts: number; consume: boolean },
): Promise<CodeResult> {
  const row = await findCode(db, purpose, subject);
  if (!row) return 'missing';
  if (row.expires_at.getTime() <= opts.now.getTime()) return 'expired';
  if ((await countCodeAttempt(db, row.id, opts.maxAttempts)) === undefined) return 'too_many_attempts';
  if (!matches(row)) return 'wrong';
  if (opts.consume && !(await deleteCode(db, row.id))) return 'missing';
  return 'ok';
}
