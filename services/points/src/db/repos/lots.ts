import { sql, type Kysely } from 'kysely';

import type { PointsDb } from '../schema/index.ts';
import { HOUSE } from '../schema/ledger.ts';

/** Ids of purchased lots past their expiry that still hold points. */
export async function expiredLotIds(db: Kysely<PointsDb>, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('lots')
    .select('id')
    .where('expires_at', '<=', now)
    .where('remaining', '>', 0)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Moves what is left of one expired lot to `house:expired` as an `expiry` transfer keyed by the lot,
 * so a sweep that runs twice (or on two instances) moves it once. Locks the accounts before the lot,
 * in the same order as `transfer()`, so the two cannot deadlock. True when it moved points.
 */
export async function expireLot(db: Kysely<PointsDb>, lotId: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('lots').select('user_id').where('id', '=', lotId).executeTakeFirst();
    if (!owner) return false;
    await trx
      .insertInto('accounts')
      .values({ user_id: HOUSE.expired, balance: 0, purchased: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await trx
      .selectFrom('accounts')
      .select('user_id')
      .where('user_id', 'in', [owner.user_id, HOUSE.expired])
      .orderBy('user_id')
      .forUpdate()
      .execute();
    const lot = await trx
      .selectFrom('lots')
      .select(['remaining', 'expires_at'])
      .where('id', '=', lotId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (lot.remaining === 0 || lot.expires_at === null || lot.expires_at > now) return false;
    const inserted = await trx
      .insertInto('transfers')
      .values({
        idempotency_key: `expiry:${lotId}`,
        kind: 'expiry',
        debit_account: owner.user_id,
        credit_account: HOUSE.expired,
        amount: lot.remaining,
        purchased_amount: lot.remaining,
        created_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx.updateTable('lots').set({ remaining: 0 }).where('id', '=', lotId).execute();
    await trx
      .updateTable('accounts')
      .set({
        balance: sql`balance - ${lot.remaining}`,
        purchased: sql`purchased - ${lot.remaining}`,
        updated_at: now,
      })
      .where('user_id', '=', owner.user_id)
      .execute();
    await trx
      .updateTable('accounts')
      .set({ balance: sql`balance + ${lot.remaining}`, updated_at: now })
      .where('user_id', '=', HOUSE.expired)
      .execute();
    return true;
  });
}

/**
 * The unused purchased balance as of a base date (31 Mar / 30 Sep): lots issued on or before it,
 * minus what was spent from them up to it. Rebuilt from the transfer rows, so it can be run for a
 * past base date at any time.
 */
export async function unusedPurchasedAt(db: Kysely<PointsDb>, baseDate: Date): Promise<number> {
  const row = await db
    .selectFrom('transfers')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb.fn.sum<number>(sql<number>`case when kind = 'purchase' then amount else -purchased_amount end`),
          sql<number>`0`,
        )
        .as('unused'),
    )
    .where('created_at', '<=', baseDate)
    .where((eb) => eb.or([eb('kind', '=', 'purchase'), eb('purchased_amount', '>', 0)]))
    .executeTakeFirstOrThrow();
  return Number(row.unused);
}
