import { events, requests } from '@honne/contracts/events';
import type { Friend } from '@honne/contracts/friends';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { publishToUser } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { friendRows, removeAllFriends } from '../db/repos/friends.ts';
import { withEvents, type Emit } from '../events/outbox.ts';
import { imageOf } from './profile.ts';

// Friend entries as screens show them, and telling chat and both screens when a friendship changes.

type Row = Awaited<ReturnType<typeof friendRows>>[number];
type Summary = { room_id: string | null; unreadCount: number; latestMessage: string | null; updated_at: string | null };

/** Friend entries of a user, latest message first, with chat's unread counts and previews. */
export async function friendsOf(ctx: AppContext, userId: string): Promise<Friend[]> {
  const rows = await friendRows(ctx.db, userId);
  const summaries = await summariesFor(
    ctx,
    userId,
    rows.map((r) => r.friend_id),
  );
  return rows
    .map((r) => toFriend(r, summaries.get(r.friend_id)))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id));
}

function toFriend(r: Row, s: Summary | undefined): Friend {
  return {
    id: r.id,
    user: {
      id: r.friend_id,
      user_name: r.user_name,
      profile_image: imageOf(r),
      gender: r.gender,
      age_id: r.age_id,
      area_id: r.area_id,
    },
    room_id: s?.room_id ?? r.room_id,
    topic_id: r.topic_id,
    anonymous: {},
    unreadCount: s?.unreadCount ?? 0,
    latestMessage: s?.latestMessage ?? null,
    updated_at: s?.updated_at ?? r.created_at.toISOString(),
  };
}

/** Chat owns messages; without it the list still shows, ordered by when the friendship began. */
async function summariesFor(ctx: AppContext, userId: string, peerIds: string[]): Promise<Map<string, Summary>> {
  if (peerIds.length === 0) return new Map();
  try {
    const reply = await ctx.bus.request(requests.chatRoomsSummary, { user_id: userId, peer_ids: peerIds }, 1500);
    return new Map(reply.summaries.map((s) => [s.peer_id, s]));
  } catch (err) {
    ctx.log.warn({ err }, 'chat summaries unavailable');
    return new Map();
  }
}

/**
 * Queues the friendship change for chat in the transaction that made it (`withEvents`): the change
 * and its event commit together or not at all. Its screens are told after the commit (`tellFriendship`).
 */
export const emitFriendship = (ctx: AppContext, emit: Emit, a: string, b: string, friend: boolean): Promise<void> =>
  emit(events.friendChanged, { user_id: a, friend_id: b, friend, at: ctx.clock.now().toISOString() });

/** Both users' open screens hear of a committed friendship change ('11' added, '12' deleted). */
export const tellFriendship = (ctx: AppContext, a: string, b: string, friend: boolean): Promise<void> =>
  tellScreens(ctx, a, b, friend);

/** Friendships a transaction ended (their events already queued with it): both screens hear '12'. */
export async function tellFriendshipsEnded(ctx: AppContext, pairs: readonly [string, string][]): Promise<void> {
  for (const [a, b] of pairs) await tellScreens(ctx, a, b, false);
}

async function tellScreens(ctx: AppContext, a: string, b: string, friend: boolean): Promise<void> {
  for (const [me, other] of [
    [a, b],
    [b, a],
  ] as const) {
    if (friend) {
      const entry = (await friendsOf(ctx, me)).find((f) => f.user.id === other);
      if (entry) await publishToUser(ctx, me, realtimeEvents.friendAdded, entry);
    } else {
      await publishToUser(ctx, me, realtimeEvents.friendDeleted, { user_id: other });
    }
  }
}

/** Spec §4: changing the user name resets all friends (removed and announced in one transaction). */
export async function resetFriends(ctx: AppContext, userId: string): Promise<void> {
  const former = await withEvents(ctx, async (trx, emit) => {
    const others = await removeAllFriends(trx, userId);
    for (const other of others) await emitFriendship(ctx, emit, userId, other, false);
    return others;
  });
  for (const other of former) await tellScreens(ctx, userId, other, false);
}
