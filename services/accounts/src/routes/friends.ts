import { events, requests } from '@honne/contracts/events';
import { FRIENDS_PAGE_SIZE, friendsEndpoints, type Friend } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { AppError, fieldErrors, forbidden, notFound, ok, publishToUser, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { blockedEitherWay } from '../db/repos/blocks.ts';
import { addFriendPair, friendRows, removeAllFriends, removeFriendPair, searchUsers } from '../db/repos/friends.ts';
import { findById } from '../db/repos/users.ts';
import { imageOf } from '../domain/profile.ts';
import { queueEvent } from '../events/outbox.ts';

type Row = Awaited<ReturnType<typeof friendRows>>[number];
type Summary = { room_id: string | null; unreadCount: number; latestMessage: string | null; updated_at: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function friendRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, friendsEndpoints.list, async ({ caller, query }) => {
    const friends = await friendsOf(ctx, caller.userId);
    const perPage = query.per_page ?? FRIENDS_PAGE_SIZE;
    const start = query.last_doc_id ? friends.findIndex((f) => f.id === query.last_doc_id) + 1 : 0;
    // An unknown cursor (the friend was removed meanwhile) ends the list rather than restarting it.
    const page = start === 0 && query.last_doc_id ? [] : friends.slice(start, start + perPage);
    return ok(page, page.at(-1)?.id ?? null);
  });

  route(app, ctx, friendsEndpoints.get, async ({ caller, params }) => {
    const friend = (await friendsOf(ctx, caller.userId)).find((f) => f.id === params.id || f.user.id === params.id);
    if (!friend) throw notFound();
    return ok(friend);
  });

  route(app, ctx, friendsEndpoints.add, async ({ caller, body }) => {
    if (body.user_id === caller.userId) throw forbidden(messages.cannotFriendSelf);
    // The room first: in an anonymous room every candidate id gets the same answer.
    if (body.room_id) await assertNamedInRoom(ctx, body.room_id, caller.userId, body.user_id);
    const other = UUID.test(body.user_id) ? await findById(ctx.db, body.user_id) : undefined;
    if (!other) throw notFound();
    if (await blockedEitherWay(ctx.db, caller.userId, other.id)) throw forbidden(messages.cannotFriendBlocked);
    const added = await addFriendPair(
      ctx.db,
      caller.userId,
      other.id,
      body.room_id ?? null,
      body.topic_id ?? null,
      ctx.clock.now(),
    );
    if (!added) throw new AppError(403, 'already_friends', messages.alreadyFriends);
    await announceFriendship(ctx, caller.userId, other.id, true);
    const mine = (await friendsOf(ctx, caller.userId)).find((f) => f.user.id === other.id)!;
    return ok({ ...mine, message: messages.friendAdded });
  });

  route(app, ctx, friendsEndpoints.remove, async ({ caller, body }) => {
    const friend = (await friendRows(ctx.db, caller.userId)).find((f) => f.id === body.id || f.friend_id === body.id);
    if (!friend) throw notFound();
    if (await removeFriendPair(ctx.db, caller.userId, friend.friend_id))
      await announceFriendship(ctx, caller.userId, friend.friend_id, false);
    return ok({ ok: true });
  });

  route(app, ctx, friendsEndpoints.search, async ({ caller, body }) => {
    const keyword = (body.keyword ?? '').trim();
    if (!keyword) throw fieldErrors({ keyword: messages.keywordRequired });
    const perPage = body.per_page ?? FRIENDS_PAGE_SIZE;
    const after = body.last_doc_id && UUID.test(body.last_doc_id) ? body.last_doc_id : undefined;
    const rows = await searchUsers(ctx.db, caller.userId, keyword, after, perPage);
    const data = rows.map((r) => ({
      id: r.id,
      user_name: r.user_name,
      profile_image: imageOf(r),
      is_friend: r.friend_row !== null,
    }));
    return ok(data, data.at(-1)?.id ?? null);
  });
}

/**
 * A friendship made from a room needs both people in it under their own names (spec §6): an
 * anonymous partner must stay unknown, so an anonymous room answers the same whoever `other` is.
 * Without chat's answer nothing is added.
 */
async function assertNamedInRoom(ctx: AppContext, roomId: string, me: string, other: string): Promise<void> {
  let reply;
  try {
    reply = await ctx.bus.request(requests.chatRoomParticipants, { room_id: roomId }, 2000);
  } catch (err) {
    ctx.log.error({ err }, 'chat room participants unavailable');
    throw new AppError(503, 'chat_unavailable', messages.unexpected);
  }
  const ids = reply.participants.map((p) => p.user_id);
  if (!reply.found || !ids.includes(me)) throw notFound();
  // Asked before whether `other` is the partner: otherwise 403 for the real one and 404 for the
  // rest would tell the caller who the anonymous partner is.
  if (reply.participants.some((p) => p.is_anonymous)) throw forbidden(messages.cannotFriendAnonymous);
  if (!ids.includes(other)) throw notFound();
}

/** Friend entries of a user, latest message first, with chat's unread counts and previews. */
async function friendsOf(ctx: AppContext, userId: string): Promise<Friend[]> {
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

/** Tells chat, and both users' open screens ('11' added, '12' deleted), of a friendship change. */
export async function announceFriendship(ctx: AppContext, a: string, b: string, friend: boolean): Promise<void> {
  await queueEvent(ctx, events.friendChanged, { user_id: a, friend_id: b, friend, at: ctx.clock.now().toISOString() });
  await tellScreens(ctx, a, b, friend);
}

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

/** Spec §4: changing the user name resets all friends. */
export async function resetFriends(ctx: AppContext, userId: string): Promise<void> {
  for (const other of await removeAllFriends(ctx.db, userId)) await announceFriendship(ctx, userId, other, false);
}
