import { sql, type Kysely, type Transaction } from 'kysely';

import type { PointsDb } from '../schema/index.ts';
import type { NewTransfer, Transfer } from '../schema/ledger.ts';

// The ledger's statements; the flow that runs them in one transaction, with the rules deciding
// between them, is src/ledger/transfer.ts.

type Trx = Transaction<PointsDb>;

/** The transfer row under its key; undefined when the key was written before (a retry, or a race). */
export function insertTransferOnce(trx: Trx, row: NewTransfer): Promise<Transfer | undefined> {
  return trx
    .insertInto('transfers')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findTransferByKey(trx: Trx, idempotencyKey: string): Promise<Transfer> {
  return trx
    .selectFrom('transfers')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
}

/**
 * Opens the accounts at 0 where they are new and locks them (`FOR UPDATE`, in id order so two
 * opposite transfers cannot deadlock).
 */
export async function lockAccounts(trx: Trx, userIds: [string, string], now: Date) {
  await trx
    .insertInto('accounts')
    .values(userIds.map((user_id) => ({ user_id, balance: 0, purchased: 0, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return trx
    .selectFrom('accounts')
    .select(['user_id', 'balance', 'purchased', 'capped'])
    .where('user_id', 'in', userIds)
    .orderBy('user_id')
    .forUpdate()
    .execute();
}

/** A user's lots that still hold points, oldest first. */
export function lotsWithPoints(trx: Trx, userId: string) {
  return trx
    .selectFrom('lots')
    .select(['id', 'issued_at', 'remaining', 'expires_at'])
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .orderBy('issued_at')
    .execute();
}

export async function takeFromLot(trx: Trx, lotId: string, take: number): Promise<void> {
  await trx
    .updateTable('lots')
    .set({ remaining: sql`remaining - ${take}` })
    .where('id', '=', lotId)
    .execute();
}

/** Moves `amount` on an account's balance (negative out, positive in), `purchased` of it bought points. */
export async function moveBalance(trx: Trx, userId: string, amount: number, purchased: number, now: Date) {
  await trx
    .updateTable('accounts')
    .set({ balance: sql`balance + ${amount}`, purchased: sql`purchased + ${purchased}`, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** A departing account's balance, moved onto `house` (opened at 0 if new) under the account's lock. */
export async function forfeitBalance(trx: Trx, userId: string, house: string, now: Date): Promise<void> {
  const [held] = (await lockAccounts(trx, [house, userId], now)).filter((a) => a.user_id === userId);
  const amount = Number(held?.balance ?? 0);
  if (amount === 0) return;
  await moveBalance(trx, userId, -amount, -Number(held!.purchased), now);
  await moveBalance(trx, house, amount, 0, now);
}

export async function insertLot(
  trx: Trx,
  lot: { user_id: string; transfer_id: string; amount: number; issued_at: Date; expires_at: Date | null },
): Promise<void> {
  await trx
    .insertInto('lots')
    .values({ ...lot, remaining: lot.amount })
    .execute();
}

/** Records how much of a transfer came out of the payer's purchased lots. */
export function setPurchasedAmount(trx: Trx, transferId: string, purchased: number): Promise<Transfer> {
  return trx
    .updateTable('transfers')
    .set({ purchased_amount: purchased })
    .where('id', '=', transferId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface HistoryPage {
  items: Transfer[];
  lastId: string | null;
}

/** A user's transfers, newest first, paged by the id of the last one shown. */
export async function historyOf(
  db: Kysely<PointsDb>,
  userId: string,
  perPage: number,
  after?: string,
): Promise<HistoryPage> {
  let query = db
    .selectFrom('transfers')
    .selectAll()
    .where((eb) => eb.or([eb('debit_account', '=', userId), eb('credit_account', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage + 1);
  if (after) {
    const cursor = await db
      .selectFrom('transfers')
      .select(['created_at', 'id'])
      .where('id', '=', after)
      .executeTakeFirst();
    if (cursor) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', cursor.created_at),
          eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
        ]),
      );
    }
  }
  const rows = await query.execute();
  const items = rows.slice(0, perPage);
  return { items, lastId: rows.length > perPage ? items[items.length - 1]!.id : null };
}

export async function sumOfAllAccounts(db: Kysely<PointsDb>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** People's accounts below zero (house accounts issue points, so theirs may be). The books check. */
export async function negativeUserAccounts(db: Kysely<PointsDb>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('balance', '<', 0)
    .where('user_id', 'not like', 'house:%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The points moved in a room (fees, bonuses, call minutes, gifts), oldest first: a report's evidence. */
export function transfersOfRoom(db: Kysely<PointsDb>, roomId: string, limit = 500) {
  return db
    .selectFrom('transfers')
    .select(['kind', 'debit_account', 'credit_account', 'amount', 'created_at'])
    .where('room_id', '=', roomId)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The paid movements of a room a moderator may refund (fees, bonuses, call minutes; not gifts), oldest first. */
export function paidTransfersOfRoom(db: Kysely<PointsDb>, roomId: string, kinds: readonly string[]) {
  return db
    .selectFrom('transfers')
    .select(['id', 'kind', 'debit_account', 'credit_account', 'amount'])
    .where('room_id', '=', roomId)
    .where('kind', 'in', kinds)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** Which of these refund keys are written already. */
export async function writtenKeys(db: Kysely<PointsDb>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('transfers')
    .select('idempotency_key')
    .where('idempotency_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.idempotency_key));
}
