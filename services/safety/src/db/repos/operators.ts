import type { Kysely } from 'kysely';

import type { ApiKeyRow, OperatorRow, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

export const countOperators = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findOperatorByEmail = (db: Db, email: string): Promise<OperatorRow | undefined> =>
  db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();

export const listOperators = (db: Db): Promise<OperatorRow[]> =>
  db.selectFrom('operators').selectAll().orderBy('created_at').execute();

export async function insertOperator(
  db: Db,
  row: Pick<OperatorRow, 'id' | 'email' | 'password_hash' | 'totp_secret' | 'role' | 'created_at'>,
): Promise<boolean> {
  const done = await db
    .insertInto('operators')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Disables the operator and ends every session of theirs, in one transaction. */
export async function disableOperator(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('operators')
      .set({ disabled_at: now })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    await trx
      .updateTable('operator_sessions')
      .set({ ended_at: now })
      .where('operator_id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
    return Number(done.numUpdatedRows) > 0;
  });
}

export async function insertSession(
  db: Db,
  row: { id: string; operator_id: string; token_hash: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute();
}

/** The live session behind a token hash, with its operator (not disabled, not ended, not expired). */
export const liveSession = (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id as session_id', 'o.id as operator_id', 'o.email', 'o.role'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('o.disabled_at', 'is', null)
    .executeTakeFirst();

export async function endSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ ended_at: now }).where('id', '=', sessionId).execute();
}

export async function insertApiKey(
  db: Db,
  row: { id: string; name: string; scopes: string[]; secret_hash: string; created_by: string; created_at: Date },
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ ...row, scopes: JSON.stringify(row.scopes) })
    .execute();
}

export const listApiKeys = (db: Db): Promise<ApiKeyRow[]> =>
  db.selectFrom('api_keys').selectAll().orderBy('created_at').execute();

/** A key that is not revoked and whose creator is still an enabled operator. */
export const liveApiKey = (db: Db, id: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('operators as o', 'o.id', 'k.created_by')
    .select(['k.id', 'k.name', 'k.scopes', 'k.secret_hash', 'o.role as creator_role'])
    .where('k.id', '=', id)
    .where('k.revoked_at', 'is', null)
    .where('o.disabled_at', 'is', null)
    .executeTakeFirst();

export async function revokeApiKey(db: Db, id: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
