import { requests } from '@honne/contracts/events';
import { rebuildCardsAndBlocks, removeUsersAccountsLacks, snapshotPages } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { heldUserIdsPage, retireUnconfirmedFriends, setFriend, upsertCard } from '../db/repos/users.ts';
import { removeUser } from './users.ts';

/**
 * Rebuilds chat's copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: user cards (names), blocks and friendships. Every block and friendship in
 * force is set as of now; a copy older than that which accounts did not confirm is switched off.
 * Then every user chat holds anything of is checked with accounts, and one it no longer has goes
 * as `accounts.user.deleted` removes them (their rooms, messages, images; the others hear '14'/'15').
 * Other rooms are not touched: a friend room of a friendship that ended goes when chat hears of it.
 */
export async function rebuildReadModels(
  ctx: AppContext,
): Promise<{ cards: number; blocks: number; friends: number; deleted: number }> {
  const since = ctx.clock.now();
  const counts = {
    ...(await rebuildCardsAndBlocks(ctx.bus, ctx.db, (card) => upsertCard(ctx.db, card), since)),
    friends: 0,
    deleted: 0,
  };
  for await (const page of snapshotPages(ctx.bus, requests.accountsFriendsPage))
    for (const f of page) {
      await setFriend(ctx.db, f.user_id, f.friend_id, true, since);
      counts.friends++;
    }
  await retireUnconfirmedFriends(ctx.db, since);
  counts.deleted = await removeUsersAccountsLacks(
    ctx.bus,
    (after, limit) => heldUserIdsPage(ctx.db, after, limit),
    (userId) => removeUser(ctx, userId),
  );
  return counts;
}
