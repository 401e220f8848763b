import { pointsFrozenSql, prepared } from '@honne/service-kit';
import { sql, type Kysely, type Transaction } from 'kysely';

import type { PointsDb } from '../schema/index.ts';
import type { NewTransfer, Transfer } from '../schema/ledger.ts';

// The ledger's statements; the flow that runs them in one transaction, with the rules deciding
// between them, is src/ledger/transfer.ts.

type Trx = Transaction<PointsDb>;

/**
 * The transfer row under its key, as the first statement of a transfer; its id, or undefined when
 * the key was written before (a retry, or a race: a concurrent write of the same key waits here on
 * the unique index until the first ends). Only the id comes back: the caller has every other column.
 * Prepared (ADR 0003): the hot path pays no query building and no parse.
 */
export async function insertTransferKey(trx: Trx, row: NewTransfer): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`${prepared('points_transfer_key')}
    insert into transfers (idempotency_key, kind, debit_account, credit_account, amount, room_id, call_id, gift_id,
      actor, reason, created_at)
    values (${row.idempotency_key}, ${row.kind}, ${row.debit_account}, ${row.credit_account}, ${row.amount},
      ${row.room_id ?? null}, ${row.call_id ?? null}, ${row.gift_id ?? null}, ${row.actor ?? null},
      ${row.reason ?? null}, ${row.created_at})
    on conflict (idempotency_key) do nothing
    returning id`.execute(trx);
  return rows[0]?.id;
}

export function findTransferByKey(trx: Trx, idempotencyKey: string): Promise<Transfer> {
  return trx
    .selectFrom('transfers')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
}

export interface LockedAccount {
  user_id: string;
  balance: number;
  purchased: number;
  capped: boolean;
  /** The payer's points are frozen (ADR 0030); always false for the payee. */
  frozen: boolean;
}

/**
 * Locks a transfer's two accounts (`FOR UPDATE`, in id order so two opposite transfers cannot
 * deadlock) and reads with them whether the payer is frozen: one round trip. Accounts that do not
 * exist are not in the answer (the caller opens them with `openAccounts` in a fresh transaction).
 * The frozen fact is read in the statement's snapshot, taken before any wait for the locks.
 */
export async function lockPair(trx: Trx, from: string, to: string, now: Date): Promise<LockedAccount[]> {
  const { rows } = await sql<LockedAccount>`${prepared('points_transfer_lock')}
    select a.user_id, a.balance, a.purchased, a.capped,
      (a.user_id = ${from} and ${pointsFrozenSql(sql.ref('a.user_id'), now)}) as frozen
    from accounts as a
    where a.user_id in (${from}, ${to})
    order by a.user_id
    for update of a`.execute(trx);
  return rows;
}

/** Opens these accounts at 0 where they are new, in id order (two transactions opening the same pair cannot deadlock). */
export async function openAccounts(trx: Trx, userIds: readonly string[], now: Date): Promise<void> {
  await trx
    .insertInto('accounts')
    .values(
      [...userIds].sort().map((user_id) => ({ user_id, balance: 0, purchased: 0, created_at: now, updated_at: now })),
    )
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/**
 * Opens the accounts at 0 where they are new and locks them (`FOR UPDATE`, in id order so two
 * opposite transfers cannot deadlock).
 */
export async function lockAccounts(trx: Trx, userIds: [string, string], now: Date) {
  await openAccounts(trx, userIds, now);
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

/** What `transfer()` decided, for `writeTransfer` to apply; the statement decides nothing. */
export interface TransferWrite {
  transferId: string;
  from: string;
  to: string;
  amount: number;
  /** Taken from the payer's lots (their ids), summing to `fromPurchased`. */
  fromLots: readonly { id: string; take: number }[];
  fromPurchased: number;
  /** Added to the payee's purchased part. */
  bought: number;
  /** A new lot for the payee of `bought` points, or null. */
  newLot: { expiresAt: Date | null } | null;
  now: Date;
}

/** Rows `writeTransfer` changed: lots taken from, accounts moved, lots opened, transfer rows priced. */
export interface WriteCounts {
  lots: number;
  accounts: number;
  new_lots: number;
  priced: number;
}

/**
 * Applies a transfer's decided writes in one statement, under the locks `lockPair` took: the lots it
 * takes from, both balances (debit and credit), the payee's new lot, and the purchased part on the
 * transfer row. Answers how many lots and accounts it changed, for the caller to check. Prepared
 * (ADR 0003): the text is fixed, the lots come as one JSON parameter.
 */
export async function writeTransfer(trx: Trx, w: TransferWrite): Promise<WriteCounts> {
  const { rows } = await sql<WriteCounts>`${prepared('points_transfer_write')}
    with taken as (
      update lots as l set remaining = l.remaining - t.take
      from jsonb_to_recordset(${JSON.stringify(w.fromLots)}::jsonb) as t(id uuid, take integer)
      where l.id = t.id
      returning l.id
    ), moved as (
      update accounts as a
      set balance = a.balance + m.amount, purchased = a.purchased + m.purchased, updated_at = ${w.now}
      from (values (${w.from}::text, ${-w.amount}::integer, ${-w.fromPurchased}::integer),
                   (${w.to}::text, ${w.amount}::integer, ${w.bought}::integer)) as m(user_id, amount, purchased)
      where a.user_id = m.user_id
      returning a.user_id
    ), lot as (
      insert into lots (user_id, transfer_id, amount, remaining, issued_at, expires_at)
      select ${w.to}::text, ${w.transferId}::uuid, ${w.bought}::integer, ${w.bought}::integer, ${w.now}::timestamptz,
        ${w.newLot?.expiresAt ?? null}::timestamptz
      where ${w.newLot !== null}::boolean
      returning id
    ), priced as (
      update transfers set purchased_amount = ${w.fromPurchased}::integer
      where id = ${w.transferId}::uuid and ${w.fromPurchased}::integer > 0
      returning id
    )
    select (select count(*) from taken)::integer as lots, (select count(*) from moved)::integer as accounts,
      (select count(*) from lot)::integer as new_lots, (select count(*) from priced)::integer as priced`.execute(trx);
  return rows[0]!;
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
