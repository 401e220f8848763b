import { requests } from '@honne/contracts/events';
import { FRIENDS_PAGE_SIZE, friendsEndpoints } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { AppError, fieldErrors, forbidden, notFound, ok, route, isUuid } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { blockedEitherWay } from '../db/repos/blocks.ts';
import { requestedAmong } from '../db/repos/friend-requests.ts';
import { friendRows, removeFriendPair, searchUsers } from '../db/repos/friends.ts';
import { findById } from '../db/repos/users.ts';
import {
  acceptFriendRequest,
  befriend,
  declineFriendRequest,
  friendRequestsFor,
  requestFriendship,
} from '../domain/friend-requests.ts';
import { emitFriendship, friendsOf, tellFriendship } from '../domain/friends.ts';
import { withEvents } from '../events/outbox.ts';
import { imageOf } from '../domain/profile.ts';

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
    const other = isUuid(body.user_id) ? await findById(ctx.db, body.user_id) : undefined;
    if (!other) throw notFound();
    if (await blockedEitherWay(ctx.db, caller.userId, other.id)) throw forbidden(messages.cannotFriendBlocked);
    // The spec's instant add, kept for the spec's client; honne's screens ask first (requestFriend).
    const added = await befriend(ctx, caller.userId, other.id, body.room_id ?? null, body.topic_id ?? null);
    if (!added) throw new AppError(403, 'already_friends', messages.alreadyFriends);
    const mine = (await friendsOf(ctx, caller.userId)).find((f) => f.user.id === other.id)!;
    return ok({ ...mine, message: messages.friendAdded });
  });

  // Walk #21: a request the other side accepts (docs/strings.md). The room rule is the add's.
  route(app, ctx, friendsEndpoints.requestFriend, async ({ caller, body }) => {
    if (body.user_id === caller.userId) throw forbidden(messages.cannotFriendSelf);
    if (body.room_id) await assertNamedInRoom(ctx, body.room_id, caller.userId, body.user_id);
    if (!isUuid(body.user_id)) throw notFound();
    return ok(await requestFriendship(ctx, caller.userId, body.user_id, body.room_id ?? null, body.topic_id ?? null));
  });

  route(app, ctx, friendsEndpoints.friendRequests, async ({ caller }) =>
    ok(await friendRequestsFor(ctx, caller.userId)),
  );

  route(app, ctx, friendsEndpoints.acceptFriendRequest, async ({ caller, params }) => {
    const asker = await acceptFriendRequest(ctx, caller.userId, params.id);
    const mine = (await friendsOf(ctx, caller.userId)).find((f) => f.user.id === asker);
    if (!mine) throw notFound();
    return ok({ ...mine, message: messages.friendAdded });
  });

  route(app, ctx, friendsEndpoints.declineFriendRequest, async ({ caller, params }) => {
    await declineFriendRequest(ctx, caller.userId, params.id);
    return ok({ ok: true });
  });

  route(app, ctx, friendsEndpoints.remove, async ({ caller, body }) => {
    const friend = (await friendRows(ctx.db, caller.userId)).find((f) => f.id === body.id || f.friend_id === body.id);
    if (!friend) throw notFound();
    const removed = await withEvents(ctx, async (trx, emit) => {
      const gone = await removeFriendPair(trx, caller.userId, friend.friend_id);
      if (gone) await emitFriendship(ctx, emit, caller.userId, friend.friend_id, false);
      return gone;
    });
    if (removed) await tellFriendship(ctx, caller.userId, friend.friend_id, false);
    return ok({ ok: true });
  });

  route(app, ctx, friendsEndpoints.search, async ({ caller, body }) => {
    const keyword = (body.keyword ?? '').trim();
    if (!keyword) throw fieldErrors({ keyword: messages.keywordRequired });
    const perPage = body.per_page ?? FRIENDS_PAGE_SIZE;
    const after = body.last_doc_id && isUuid(body.last_doc_id) ? body.last_doc_id : undefined;
    const rows = await searchUsers(ctx.db, caller.userId, keyword, after, perPage);
    const asked = await requestedAmong(
      ctx.db,
      caller.userId,
      rows.map((r) => r.id),
    );
    const data = rows.map((r) => ({
      id: r.id,
      user_name: r.user_name,
      profile_image: imageOf(r),
      is_friend: r.friend_row !== null,
      is_requested: asked.has(r.id),
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
