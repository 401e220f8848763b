import { blockedEitherWay } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { roomBlockers } from '../db/repos/room-blocks.ts';
import type { RoomRow } from '../db/schema/index.ts';

// Which block acts in a room (ADR 0020). A block of a named person acts where both sides are named;
// where either side is anonymous only a block made inside that room does: otherwise blocking
// people one by one and watching an anonymous room change would tell who is behind it.

type Sides = Pick<RoomRow, 'id' | 'user1_id' | 'user2_id' | 'user1_anonymous' | 'user2_anonymous'>;

/** Both sides of the room are named: person blocks act here. */
export const isNamedRoom = (room: Pick<RoomRow, 'user1_anonymous' | 'user2_anonymous'>) =>
  !room.user1_anonymous && !room.user2_anonymous;

/** Whether a block stands between the room's two in this room, and whether `viewer` made one here. */
export async function roomBlockState(
  ctx: AppContext,
  room: Sides,
  viewer?: string,
): Promise<{ blocked: boolean; byViewer: boolean }> {
  const [inRoom, named] = await Promise.all([
    roomBlockers(ctx.db, room.id),
    isNamedRoom(room) ? blockedEitherWay(ctx.db, room.user1_id, room.user2_id) : false,
  ]);
  return { blocked: named || inRoom.length > 0, byViewer: viewer !== undefined && inRoom.includes(viewer) };
}
