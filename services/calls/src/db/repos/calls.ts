import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';

import type { CallRow, CallsDb, CallsTable, Hold } from '../schema/index.ts';

type Db = Kysely<CallsDb> | Transaction<CallsDb>;

/** The parent account a user (character) belongs to; a user accounts never told us of is their own. */
export async function accountOf(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('call_accounts')
    .select('account_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.account_id ?? userId;
}

export async function saveAccount(db: Db, userId: string, accountId: string): Promise<void> {
  await db
    .insertInto('call_accounts')
    .values({ user_id: userId, account_id: accountId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ account_id: accountId }))
    .execute();
}

/**
 * Runs `fn` in a transaction holding both accounts' advisory locks, taken in sorted order so two
 * people calling each other at once queue instead of deadlocking: the second sees the first's call.
 */
export async function withAccountsLocked<T>(
  db: Kysely<CallsDb>,
  accounts: string[],
  fn: (trx: Transaction<CallsDb>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    for (const a of [...new Set(accounts)].sort()) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${'call:' + a}))`.execute(trx);
    }
    return fn(trx);
  });
}

/** The call an account is in, if any. */
export async function holdOf(db: Db, accountId: string): Promise<Hold | null> {
  const row = await db
    .selectFrom('call_holds as h')
    .innerJoin('calls as c', 'c.id', 'h.call_id')
    .select([
      'h.call_id',
      'h.user_id',
      'c.room_id',
      'c.phase',
      'c.caller_id',
      'c.caller_anonymous',
      'c.callee_anonymous',
    ])
    .where('h.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    call_id: row.call_id,
    room_id: row.room_id,
    phase: row.phase,
    side: row.caller_id === row.user_id ? 'caller' : 'callee',
    anonymous: row.caller_anonymous || row.callee_anonymous,
  };
}

export async function insertCall(
  db: Db,
  call: Insertable<CallsTable>,
  holds: { account_id: string; user_id: string }[],
): Promise<CallRow> {
  const row = await db.insertInto('calls').values(call).returningAll().executeTakeFirstOrThrow();
  if (holds.length > 0) {
    await db
      .insertInto('call_holds')
      .values(holds.map((h) => ({ ...h, call_id: row.id })))
      .execute();
  }
  return row;
}

/**
 * Reads a call with its row locked, lets `fn` decide its next version, writes it and frees the
 * holds once it ended — one transaction, so two instances never both move the same call.
 */
export async function updateCall(
  db: Kysely<CallsDb>,
  id: string,
  fn: (row: CallRow) => Promise<Partial<CallsTable> | null> | Partial<CallsTable> | null,
  /** Runs in the same transaction after a change (an outbox row commits with it or not at all). */
  onChange?: (trx: Transaction<CallsDb>, before: CallRow, after: CallRow) => Promise<void>,
): Promise<{ before: CallRow; after: CallRow } | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('calls').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return null;
    const patch = await fn(before);
    if (!patch) return { before, after: before };
    const after = await trx
      .updateTable('calls')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (after.phase === 'ended') await trx.deleteFrom('call_holds').where('call_id', '=', id).execute();
    await onChange?.(trx, before, after);
    return { before, after };
  });
}

export async function findCall(db: Db, id: string): Promise<CallRow | undefined> {
  return db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user's live call (newest first), whichever room it is in. */
export async function liveCallOfUser(db: Db, userId: string): Promise<CallRow | undefined> {
  return db
    .selectFrom('calls')
    .selectAll()
    .where((eb) => eb.or([eb('caller_id', '=', userId), eb('callee_id', '=', userId)]))
    .where('phase', '!=', 'ended')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The live call of a room, or its latest one when none is live. */
export async function latestCallOfRoom(db: Db, roomId: string): Promise<CallRow | undefined> {
  return db
    .selectFrom('calls')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The calls of a room not ended yet (a block made inside the room ends them). */
export function liveCallsOfRoom(db: Db, roomId: string): Promise<CallRow[]> {
  return db.selectFrom('calls').selectAll().where('room_id', '=', roomId).where('phase', '!=', 'ended').execute();
}

/** Live calls between two users (a block ends them). */
export async function liveCallsBetween(db: Db, a: string, b: string): Promise<CallRow[]> {
  return db
    .selectFrom('calls')
    .selectAll()
    .where('phase', '!=', 'ended')
    .where((eb) =>
      eb.or([
        eb.and([eb('caller_id', '=', a), eb('callee_id', '=', b)]),
        eb.and([eb('caller_id', '=', b), eb('callee_id', '=', a)]),
      ]),
    )
    .execute();
}

/** Calls whose timer is due at `now`. */
/** Connected paid calls whose charging runs (the sweep bills their periods as they begin). */
export async function chargingCalls(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('phase', '=', 'connected')
    .where('charging', '=', 'approved')
    .where('payer_id', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

export async function dueCalls(db: Db, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('deadline', 'is not', null)
    .where('deadline', '<=', now)
    .orderBy('deadline')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A room's calls, newest first (a report's evidence: start, connection, end, what was charged). */
export function callsOfRoom(db: Db, roomId: string, limit = 50): Promise<CallRow[]> {
  return db
    .selectFrom('calls')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
