import type { Kysely, Selectable } from 'kysely';

import type { CheckoutTable, PointsDb } from '../schema/index.ts';

export type CheckoutRow = Selectable<CheckoutTable>;

export async function insertCheckout(
  db: Kysely<PointsDb>,
  row: Omit<CheckoutRow, 'status' | 'paid_at'>,
): Promise<CheckoutRow> {
  return db.insertInto('checkouts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The caller's own checkout; undefined for anyone else's, so an id tells a stranger nothing. */
export async function checkoutOf(db: Kysely<PointsDb>, id: string, userId: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Called where the webhook credits: the buyer's checkout now reads paid. */
export async function markCheckoutPaid(db: Kysely<PointsDb>, id: string, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('checkouts')
    .set({ status: 'paid', paid_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .execute();
}
