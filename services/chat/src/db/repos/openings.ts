import type { Insertable, Kysely } from 'kysely';

import type { ChatDb, RoomTable } from '../schema/index.ts';

/** What opening a paid chat will do: charge `fee`, then create `room` and announce `opened`. */
export interface PaidOpeningPlan {
  /** The room's row as it will be inserted (times as ISO text). */
  room: Insertable<RoomTable>;
  fee: { key: string; from: string; to: string; amount: number };
  /** `chat.room.opened`'s payload. */
  opened: { room_id: string; topic_id: string; user_id: string; is_anonymous: boolean };
  /** The other person, who hears of the new room. */
  peer: string;
}

/** Written before the charge; a second attempt at the same room (same id) keeps the first plan. */
export async function savePaidOpening(db: Kysely<ChatDb>, plan: PaidOpeningPlan, now: Date): Promise<void> {
  await db
    .insertInto('paid_openings')
    .values({ room_id: plan.opened.room_id, plan: JSON.stringify(plan), created_at: now })
    .onConflict((oc) => oc.column('room_id').doNothing())
    .execute();
}

/** Done (the room exists) or called off (nothing was charged). */
export async function dropPaidOpening(db: Kysely<ChatDb>, roomId: string): Promise<void> {
  await db.deleteFrom('paid_openings').where('room_id', '=', roomId).execute();
}

/** Openings begun before `before` and not finished: no request is working on them any more. */
export async function stalePaidOpenings(db: Kysely<ChatDb>, before: Date, limit = 50): Promise<PaidOpeningPlan[]> {
  const rows = await db
    .selectFrom('paid_openings')
    .select('plan')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => (typeof r.plan === 'string' ? JSON.parse(r.plan) : r.plan) as PaidOpeningPlan);
}
