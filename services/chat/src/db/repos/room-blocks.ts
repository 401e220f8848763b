import type { Kysely } from 'kysely';

import type { ChatDb } from '../schema/index.ts';

/** Sets or lifts `blockerId`'s block of their partner in one room; true when this call changed it. */
export async function setRoomBlock(
  db: Kysely<ChatDb>,
  roomId: string,
  blockerId: string,
  blocked: boolean,
  at: Date,
): Promise<boolean> {
  if (blocked) {
    const r = await db
      .insertInto('room_blocks')
      .values({ room_id: roomId, blocker_id: blockerId, created_at: at })
      .onConflict((oc) => oc.columns(['room_id', 'blocker_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const r = await db
    .deleteFrom('room_blocks')
    .where('room_id', '=', roomId)
    .where('blocker_id', '=', blockerId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Who of the room's two blocks the other inside it (none, one or both). */
export async function roomBlockers(db: Kysely<ChatDb>, roomId: string): Promise<string[]> {
  const rows = await db.selectFrom('room_blocks').select('blocker_id').where('room_id', '=', roomId).execute();
  return rows.map((r) => r.blocker_id);
}
