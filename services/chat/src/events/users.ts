import { events, requests } from '@honne/contracts/events';
import {
  onNewAccounts,
  onBlockChanged as kitOnBlockChanged,
  serviceQueue,
  type Subscription,
} from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteImagesOf } from '../db/repos/images.ts';
import { deleteMessagesOf } from '../db/repos/messages.ts';
import { deleteRooms, friendRoomIdsOf, roomIdsOf } from '../db/repos/rooms.ts';
import { forgetUser, resetFriends, setFriend, upsertCard, upsertSettings } from '../db/repos/users.ts';
import { announceRoomsRemoved } from './publish.ts';

/** Cards (names, avatars) shown in rooms and messages; anonymity is applied when they are shown. */
export const onProfileUpdated = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.userProfileUpdated, (e) => upsertCard(ctx.db, e), serviceQueue(ctx));

/**
 * A new account's first hour sends under stricter flood limits (ADR 0028): a cache mark that expires
 * by itself when the hour is over (shared by every instance through Redis).
 */
export const onUserRegistered = (ctx: AppContext): Subscription => onNewAccounts(ctx, ctx.config.flood);

/** Retention of the user's messages from now on (saved_message_time minutes). */
export const onSettingsUpdated = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.userSettingsUpdated,
    (e) => upsertSettings(ctx.db, e.user_id, e.saved_message_time, new Date(e.at)),
    serviceQueue(ctx),
  );

/** Blocks: the kit's read model (chat refuses messages, rooms and uploads between them). */
export const onBlockChanged = (ctx: AppContext): Subscription => kitOnBlockChanged(ctx);

/** Friends may open friend rooms; when a friendship ends, its room goes for both ('15'). */
export const onFriendChanged = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.friendChanged,
    async (e) => {
      await setFriend(ctx.db, e.user_id, e.friend_id, e.friend, new Date(e.at));
      if (e.friend) return;
      const removed = await deleteRooms(ctx.db, await friendRoomIdsOf(ctx.db, e.user_id, e.friend_id));
      await announceRoomsRemoved(ctx, removed);
    },
    serviceQueue(ctx),
  );

/** Changing the user name resets friends and removes their friend rooms (spec §4): '15' to both sides. */
/** A new name resets the user's friendships: their friend rooms go, both sides hear '15'. The ids removed. */
async function removeFriendRooms(ctx: AppContext, userId: string, renamedAt: string): Promise<string[]> {
  await resetFriends(ctx.db, userId, new Date(renamedAt));
  const removed = await deleteRooms(ctx.db, await friendRoomIdsOf(ctx.db, userId));
  await announceRoomsRemoved(ctx, removed);
  return removed.map((r) => r.id);
}

/** Accounts asks while answering change_user_name, so the removed room ids reach the client. */
export const respondFriendRoomsRemove = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatFriendRoomsRemove,
    async ({ user_id, renamed_at }) => ({ room_ids: await removeFriendRooms(ctx, user_id, renamed_at) }),
    serviceQueue(ctx),
  );

/** The same, when accounts could not ask (chat was unreachable) and announced the rename instead. */
export const onUserRenamed = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.userRenamed,
    async (e) => void (await removeFriendRooms(ctx, e.user_id, e.renamed_at)),
    serviceQueue(ctx),
  );

/**
 * A deleted user's rooms and messages go; the people they talked with hear it ('14'/'15'). The
 * rebuild runs this too for a user accounts no longer has (their deletion event was lost).
 */
export async function removeUser(ctx: AppContext, userId: string): Promise<void> {
  const removed = await deleteRooms(ctx.db, await roomIdsOf(ctx.db, userId));
  await deleteMessagesOf(ctx.db, userId);
  await deleteImagesOf(ctx.db, userId);
  await forgetUser(ctx.db, userId);
  await announceRoomsRemoved(ctx, removed, (id) => id !== userId);
}

export const onUserDeleted = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(events.userDeleted, ({ user_id }) => removeUser(ctx, user_id), serviceQueue(ctx));
