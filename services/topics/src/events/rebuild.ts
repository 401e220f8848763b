import { requests, type ReplyPayload } from '@honne/contracts/events';
import { rebuildCardsAndBlocks, removeUsersAccountsLacks } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { heldRoomIdsPage, markReplied, removeRoomEntries } from '../db/repos/history.ts';
import { heldUserIdsPage, upsertCard } from '../db/repos/users.ts';
import { announceHistoryRemoved } from './publish.ts';
import { applyRoomOpened } from './rooms.ts';
import { removeUser } from './users.ts';

/**
 * Rebuilds topics' copies of other services' facts from their owners (issue 12), for the day an
 * event stream is lost anyway: user cards (names, ranks, the expert mark) and blocks from accounts,
 * every block in force set as of now and an older copy accounts did not confirm switched off; the
 * history entries and replies of chat's rooms on voices still live, from chat, applied as
 * `chat.room.opened` / `chat.room.replied` are (an entry already there stays as it is), and those
 * of rooms chat no longer has removed; then the data of every user accounts no longer has, removed
 * as `accounts.user.deleted` removes it.
 */
export async function rebuildReadModels(
  ctx: AppContext,
  /** Rooms asked of chat, and listed of topics' own, at a time. */
  { roomsPage = 200 }: { roomsPage?: number } = {},
): Promise<{
  cards: number;
  blocks: number;
  rooms: number;
  replied: number;
  roomsGone: number;
  deleted: number;
}> {
  const since = ctx.clock.now();
  const cardsAndBlocks = await rebuildCardsAndBlocks(ctx.bus, ctx.db, (card) => upsertCard(ctx.db, card), since);
  const rooms = await rebuildRooms(ctx, since, roomsPage);
  const deleted = await removeUsersAccountsLacks(
    ctx.bus,
    (after, limit) => heldUserIdsPage(ctx.db, after, limit),
    (userId) => removeUser(ctx, userId),
  );
  return { ...cardsAndBlocks, ...rooms, deleted };
}

/**
 * Chat's pages of rooms and topics' own rooms, walked together in room id order (both byte order).
 * Before each page is asked, topics lists the rooms it holds after the page's start; chat answers
 * later, so a listed room the page leaves out, within the range both cover, was not a room on a voice
 * in chat when it answered: deleted with one of its two people, or closed because its voice went
 * (whose entries went with the voice here, or expired and wait for the purge). Never one opened
 * while the rebuild runs: topics hears of a room only after chat committed it, so one it listed
 * was in chat before the page was asked. Friend rooms, also left out, have no entries.
 */
async function rebuildRooms(
  ctx: AppContext,
  since: Date,
  limit: number,
): Promise<{ rooms: number; replied: number; roomsGone: number }> {
  const counts = { rooms: 0, replied: 0, roomsGone: 0 };
  let after: string | null = null;
  for (;;) {
    const held = await heldRoomIdsPage(ctx.db, after, limit);
    const page: ReplyPayload<typeof requests.chatRoomsPage> = await ctx.bus.request(
      requests.chatRoomsPage,
      { after, limit },
      30_000,
    );
    // Chat's page reaches `next` (or the end); topics' list, when full, only its last room.
    let upTo: string | null = page.next;
    const lastHeld = held.at(-1);
    if (held.length === limit && (upTo === null || lastHeld! < upTo)) upTo = lastHeld!;
    const within = (roomId: string) => upTo === null || roomId <= upTo;

    const listed = new Set<string>();
    for (const { opened, replied } of page.items) {
      if (!within(opened.room_id)) break;
      listed.add(opened.room_id);
      if (!(await applyRoomOpened(ctx, opened, since))) continue;
      counts.rooms++;
      if (replied) counts.replied += await markReplied(ctx.db, replied.room_id, replied.user_id);
    }
    const gone = held.filter((roomId) => within(roomId) && !listed.has(roomId));
    if (gone.length > 0) {
      const removed = await removeRoomEntries(ctx.db, gone);
      await announceHistoryRemoved(ctx, removed.history);
      counts.roomsGone += gone.length;
    }
    if (upTo === null) return counts;
    after = upTo;
  }
}
