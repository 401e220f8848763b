import { requests } from '@honne/contracts/events';
import { rebuildCardsAndBlocks, snapshotPages } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { markReplied } from '../db/repos/history.ts';
import { upsertCard } from '../db/repos/users.ts';
import { applyRoomOpened } from './rooms.ts';

/**
 * Rebuilds topics' copies of other services' facts from their owners (issue 12), for the day an
 * event stream is lost anyway: user cards (names, ranks, the expert mark) and blocks from accounts,
 * every block in force set as of now and an older copy accounts did not confirm switched off; and
 * the history entries and replies of chat's rooms on voices still live, from chat, applied as
 * `chat.room.opened` / `chat.room.replied` are (an entry already there stays as it is).
 */
export async function rebuildReadModels(
  ctx: AppContext,
): Promise<{ cards: number; blocks: number; rooms: number; replied: number }> {
  const since = ctx.clock.now();
  const counts = {
    ...(await rebuildCardsAndBlocks(ctx.bus, ctx.db, (card) => upsertCard(ctx.db, card), since)),
    rooms: 0,
    replied: 0,
  };
  for await (const page of snapshotPages(ctx.bus, requests.chatRoomsPage))
    for (const { opened, replied } of page) {
      if (!(await applyRoomOpened(ctx, opened, since))) continue;
      counts.rooms++;
      if (replied) counts.replied += await markReplied(ctx.db, replied.room_id, replied.user_id);
    }
  return counts;
}
