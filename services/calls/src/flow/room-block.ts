import type { AppContext } from '../context.ts';
import { liveCallsOfRoom } from '../db/repos/calls.ts';
import { move } from './calls.ts';

/**
 * A side blocked the partner of a room from inside it (chat's `chat.room.block_changed`, ADR 0020):
 * the room's live call ends as a person block ends a named one. New calls in the room are refused
 * by chat's answer (`blocked`) when they start.
 */
export async function endCallOnRoomBlock(ctx: AppContext, roomId: string): Promise<void> {
  for (const row of await liveCallsOfRoom(ctx.db, roomId)) {
    await move(ctx, row.id, { type: 'blocked' }).catch(() => undefined);
  }
}
