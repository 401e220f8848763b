import type { Kysely } from 'kysely';

import type { PointsDb, PurchaseEventStatus, PurchaseEventTable } from '../schema/index.ts';

/** Keeps a delivered event; answers the row already kept under its id when there is one. */
export async function keepPurchaseEvent(
  db: Kysely<PointsDb>,
  row: PurchaseEventTable,
): Promise<{ kept: true } | { kept: false; existing: PurchaseEventTable }> {
  const inserted = await db
    .insertInto('purchase_events')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (inserted) return { kept: true };
  const existing = await db
    .selectFrom('purchase_events')
    .selectAll()
    .where('event_id', '=', row.event_id)
    .executeTakeFirstOrThrow();
  return { kept: false, existing };
}

export async function setPurchaseStatus(
  db: Kysely<PointsDb>,
  eventId: string,
  status: PurchaseEventStatus,
  reason: string | null = null,
): Promise<void> {
  await db.updateTable('purchase_events').set({ status, reason }).where('event_id', '=', eventId).execute();
}

/** Events in one status, oldest first (operators resolve the unresolved ones). */
export async function purchaseEventsIn(
  db: Kysely<PointsDb>,
  status: PurchaseEventStatus,
  limit: number,
): Promise<PurchaseEventTable[]> {
  return db
    .selectFrom('purchase_events')
    .selectAll()
    .where('status', '=', status)
    .orderBy('received_at')
    .limit(limit)
    .execute();
}
