import { rebuildCardsAndBlocks } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { upsertCard } from '../db/repos/users.ts';

/**
 * Rebuilds topics' copies of accounts' facts from accounts itself (issue 12), for the day an event
 * stream is lost anyway: user cards (names, ranks, the expert mark) and blocks. Every block in force
 * is set as of now; an older copy accounts did not confirm is switched off.
 */
export function rebuildReadModels(ctx: AppContext): Promise<{ cards: number; blocks: number }> {
  return rebuildCardsAndBlocks(ctx.bus, ctx.db, (card) => upsertCard(ctx.db, card), ctx.clock.now());
}
