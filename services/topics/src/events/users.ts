import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { removeRoomEntries, roomIdsWithUser } from '../db/repos/history.ts';
import { deleteTopics, idsOfUser } from '../db/repos/topics.ts';
import { forgetUser, setPresence, upsertCard } from '../db/repos/users.ts';
import { announceHistoryRemoved, announceRemoved } from './publish.ts';

/** The read model of user cards (names, avatars, gender, age, area, rank maxima). */
export const onProfileUpdated = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.userProfileUpdated, (e) => upsertCard(ctx.db, e), serviceQueue(ctx));

/** The presence read model behind the user_status filter. */
export const onPresenceChanged = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.presenceChanged,
    (e) => setPresence(ctx.db, e.user_id, e.online, new Date(e.at)),
    serviceQueue(ctx),
  );

/**
 * A deleted user's voices go (announced like any removal), then everything else of theirs. The
 * rebuild runs this too for a user accounts no longer has (their deletion event was lost).
 */
export async function removeUser(ctx: AppContext, userId: string): Promise<void> {
  const ids = await idsOfUser(ctx.db, userId);
  const removed = await ctx.db.transaction().execute((trx) => deleteTopics(trx, ids, 'user_deleted', ctx.clock.now()));
  // Their rooms on other people's voices go too (chat removes the rooms themselves): the partners'
  // entries would stay as empty rows that open on nothing (walk #29). Their owners hear '13'.
  const rooms = await removeRoomEntries(ctx.db, await roomIdsWithUser(ctx.db, userId));
  await forgetUser(ctx.db, userId);
  await announceRemoved(ctx, removed, 'user_deleted');
  await announceHistoryRemoved(
    ctx,
    rooms.history.filter((h) => h.user_id !== userId),
  );
}

export const onUserDeleted = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.userDeleted, ({ user_id }) => removeUser(ctx, user_id), serviceQueue(ctx));
