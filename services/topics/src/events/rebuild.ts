import { requests } from '@honne/contracts/events';
import { retireUnconfirmedBlocks, setBlock, snapshotPages } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { upsertCard } from '../db/repos/users.ts';

/**
 * Rebuilds topics' copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: user cards (names, ranks, the expert mark) and blocks. Every block in force
 * is set as of now; an older copy accounts did not confirm is switched off.
 */
export async function rebuildReadModels(ctx: AppContext): Promise<{ cards: number; blocks: number }> {
  if (ctx.bus.kind === 'in-process') throw new Error('rebuild needs NATS_URL: accounts answers over the bus');
  const since = ctx.clock.now();
  const counts = { cards: 0, blocks: 0 };
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
  return counts;
}
