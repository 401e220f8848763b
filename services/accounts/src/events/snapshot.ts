import { requests } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { blockRowsPage, familyMembers } from '../db/repos/blocks.ts';
import { friendRowsPage } from '../db/repos/friends.ts';
import { existingUserIds, usersPage } from '../db/repos/users.ts';
import { profileEvent } from './profile-updated.ts';

/**
 * The truth other services copy, page by page, in the shape of the events that keep the copies
 * (issue 12): what `pnpm rebuild` in chat, topics and points applies when an event stream was lost
 * anyway, and which of the users they hold accounts still has (the rest were deleted).
 */
export function respondSnapshots(ctx: AppContext): Subscription[] {
  const now = () => ctx.clock.now().toISOString();
  return [
    ctx.bus.respond(
      requests.accountsCardsPage,
      async ({ after, limit }) => {
        const users = await usersPage(ctx.db, after ?? null, limit);
        return { items: users.map(profileEvent), next: users.length === limit ? users.at(-1)!.id : null };
      },
      serviceQueue(ctx),
    ),
    ctx.bus.respond(
      requests.accountsBlocksPage,
      async ({ after, limit }) => {
        const rows = await blockRowsPage(ctx.db, after ?? null, limit);
        const at = now();
        const items = [];
        // A block holds between every character of the one and every character of the other.
        for (const row of rows) {
          const [blockers, blocked] = await Promise.all([
            familyMembers(ctx.db, row.blocker_id),
            familyMembers(ctx.db, row.blocked_id),
          ]);
          for (const x of blockers)
            for (const y of blocked) items.push({ blocker_id: x, blocked_id: y, blocked: true, at });
        }
        return { items, next: rows.length === limit ? rows.at(-1)!.id : null };
      },
      serviceQueue(ctx),
    ),
    ctx.bus.respond(
      requests.accountsFriendsPage,
      async ({ after, limit }) => {
        const rows = await friendRowsPage(ctx.db, after ?? null, limit);
        const at = now();
        return {
          items: rows.map((r) => ({ user_id: r.user_id, friend_id: r.friend_id, friend: true, at })),
          next: rows.length === limit ? rows.at(-1)!.id : null,
        };
      },
      serviceQueue(ctx),
    ),
    ctx.bus.respond(
      requests.accountsUsersExisting,
      async ({ user_ids }) => ({ existing: await existingUserIds(ctx.db, user_ids) }),
      serviceQueue(ctx),
    ),
  ];
}
