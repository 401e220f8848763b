import type { Kysely } from 'kysely';

import type { PointsDb } from '../schema/index.ts';

/** Records a refund request; undefined when the user already has one open. */
export async function openRefundRequest(
  db: Kysely<PointsDb>,
  r: { user_id: string; reason: string; balance: number; purchased: number; created_at: Date },
): Promise<string | undefined> {
  const row = await db
    .insertInto('refund_requests')
    .values(r)
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'open').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
