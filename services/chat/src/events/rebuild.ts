import { requests } from '@honne/contracts/events';
import { retireUnconfirmedBlocks, setBlock, snapshotPages } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { setFriend, upsertCard } from '../db/repos/users.ts';

/**
 * Rebuilds chat's copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: user cards (names), blocks and friendships. Every block and friendship in
 * force is set as of now; a copy older than that which accounts did not confirm is switched off.
 * Rooms are not touched: a friend room of a friendship that ended goes when chat hears of it.
 */
export async function rebuildReadModels(ctx: AppContext): Promise<{ cards: number; blocks: number; friends: number }> {
  if (ctx.bus.kind === 'in-process') throw new Error('rebuild needs NATS_URL: accounts answers over the bus');
  const since = ctx.clock.now();
  const counts = { cards: 0, blocks: 0, friends: 0 };
  for await (const page of snapshotPages(ctx.bus, requests.accountsCardsPage))
    for (const card of page) {
      await upsertCard(ctx.db, card);
      counts.cards++;
    }
  for await (const page of snapshotPages(ctx.bus, requests.accountsBlocksPage))
    for (const b of page) {
      await setBlock(ctx.db, b.blocker_id, b.blocked_id, true, since);
      counts.blocks++;
    }
  await retireUnconfirmedBlocks(ctx.db, since);
  for await (const page of snapshotPages(ctx.bus, requests.accountsFriendsPage))
    for (const f of page) {
      await setFriend(ctx.db, f.user_id, f.friend_id, true, since);
      counts.friends++;
    }
  await ctx.db
    .updateTable('friends')
    .set({ friend: false, updated_at: since })
    .where('friend', '=', true)
    .where('updated_at', '<', since)
    .execute();
  return counts;
}
