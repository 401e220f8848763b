import { FRIEND_REQUEST_STATUS, type FriendRequest, type FriendRequestResult } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { AppError, forbidden, notFound, publishToUser } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { blockedEitherWay, familyBlocks } from '../db/repos/blocks.ts';
import {
  findFriendRequest,
  friendRequestById,
  incomingFriendRequests,
  insertFriendRequest,
  removeFriendRequests,
} from '../db/repos/friend-requests.ts';
import { addFriendPair, areFriends } from '../db/repos/friends.ts';
import { findById } from '../db/repos/users.ts';
import { withEvents } from '../events/outbox.ts';
import { emitFriendship, tellFriendship } from './friends.ts';
import { imageOf } from './profile.ts';

// Friend requests (issue 33, walk #21). The spec's POST /users/friends befriends at once, and
// stays so for the spec's client; honne's screens ask instead, and the other side accepts. A block
// stays invisible: a request to someone who blocks me is answered as sent and never arrives.

/**
 * Makes `a` and `b` friends, the friendship and its event for chat in one transaction (the
 * outbox), and tells both screens. False when they already were friends.
 */
export async function befriend(
  ctx: AppContext,
  a: string,
  b: string,
  roomId: string | null,
  topicId: string | null,
): Promise<boolean> {
  const added = await withEvents(ctx, async (trx, emit) => {
    const made = await addFriendPair(trx, a, b, roomId, topicId, ctx.clock.now());
    await removeFriendRequests(trx, a, b);
    if (made) await emitFriendship(ctx, emit, a, b, true);
    return made;
  });
  if (added) await tellFriendship(ctx, a, b, true);
  return added;
}

/** `me` asks `otherId` (already checked to be someone I may ask from that room, if any). */
export async function requestFriendship(
  ctx: AppContext,
  me: string,
  otherId: string,
  roomId: string | null,
  topicId: string | null,
): Promise<FriendRequestResult> {
  const other = await findById(ctx.db, otherId);
  if (!other) throw notFound();
  if (await areFriends(ctx.db, me, other.id)) throw new AppError(403, 'already_friends', messages.alreadyFriends);
  // My own block I may be told about; theirs I may not: the request looks sent and goes nowhere.
  if (await familyBlocks(ctx.db, me, other.id)) throw forbidden(messages.cannotFriendBlocked);
  const requested = { status: FRIEND_REQUEST_STATUS.requested, message: messages.friendRequested } as const;
  if (await familyBlocks(ctx.db, other.id, me)) return requested;
  // They had asked me already: asking back is a yes.
  const theirs = await findFriendRequest(ctx.db, other.id, me);
  if (theirs) {
    await befriend(ctx, me, other.id, theirs.room_id ?? roomId, theirs.topic_id ?? topicId);
    return { status: FRIEND_REQUEST_STATUS.friends, message: messages.friendAdded };
  }
  const at = ctx.clock.now();
  if (
    await insertFriendRequest(ctx.db, {
      from_id: me,
      to_id: other.id,
      room_id: roomId,
      topic_id: topicId,
      created_at: at,
    })
  ) {
    const mine = await findById(ctx.db, me);
    if (mine) {
      const entry: FriendRequest = {
        id: (await findFriendRequest(ctx.db, me, other.id))!.id,
        user: { id: me, user_name: mine.user_name, profile_image: imageOf(mine) },
        created_at: at.toISOString(),
      };
      await publishToUser(ctx, other.id, realtimeEvents.friendRequested, entry);
    }
  }
  return requested;
}

/** Requests waiting for `me`, without anyone a block stands between (a later block hides them). */
export async function friendRequestsFor(ctx: AppContext, me: string): Promise<FriendRequest[]> {
  const rows = await incomingFriendRequests(ctx.db, me);
  const shown: FriendRequest[] = [];
  for (const r of rows) {
    if (await blockedEitherWay(ctx.db, me, r.from_id)) continue;
    shown.push({
      id: r.id,
      user: { id: r.from_id, user_name: r.user_name, profile_image: imageOf(r) },
      created_at: r.created_at.toISOString(),
    });
  }
  return shown;
}

/** The request `id` if it waits for `me` and nothing stands between us; else 404 (as for any id). */
async function waitingFor(ctx: AppContext, me: string, id: string) {
  const request = await friendRequestById(ctx.db, id);
  if (!request || request.to_id !== me || (await blockedEitherWay(ctx.db, me, request.from_id)))
    throw new AppError(404, 'not_found', messages.friendRequestGone);
  return request;
}

/** Accepting makes both friends (and clears the request); returns the asker. */
export async function acceptFriendRequest(ctx: AppContext, me: string, id: string): Promise<string> {
  const request = await waitingFor(ctx, me, id);
  await befriend(ctx, me, request.from_id, request.room_id, request.topic_id);
  return request.from_id;
}

/** Declining removes the request; the asker is not told (as LINE). */
export async function declineFriendRequest(ctx: AppContext, me: string, id: string): Promise<void> {
  const request = await waitingFor(ctx, me, id);
  await removeFriendRequests(ctx.db, me, request.from_id);
}
