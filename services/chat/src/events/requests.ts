import { chatEndpoints } from '@honne/contracts/chat';
import { requests } from '@honne/contracts/events';
import { isUuid, serviceQueue, ok, respondCommand, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { latestByRoom, messagesAround, unreadByRoom } from '../db/repos/messages.ts';
import { findParticipants, friendRoomsByKeys, latestNamedRoomBetween, topicIdsOfRooms } from '../db/repos/rooms.ts';
import { areFriends } from '../db/repos/users.ts';
import { isNamedRoom, roomBlockState } from '../domain/blocks.ts';
import { sendMessage } from '../domain/send-message.ts';
import { pairKey, preview } from '../domain/views.ts';

/** POST /messages over the real-time socket: the same rules and answers as the HTTP endpoint. */
export const respondSendMessage = (ctx: AppContext): Subscription =>
  respondCommand(ctx, requests.chatMessageSend, chatEndpoints.sendMessage, async ({ body, caller }) =>
    ok(await sendMessage(ctx, caller, body)),
  );

/**
 * Accounts' friend list asks, per peer: the friend room, its unread count for the user, a preview
 * of the latest message and its time.
 */
export const respondRoomsSummary = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatRoomsSummary,
    async ({ user_id, peer_ids }) => {
      const now = ctx.clock.now();
      const keys = new Map(peer_ids.map((p) => [pairKey('friend', user_id, p), p]));
      const rooms = await friendRoomsByKeys(ctx.db, [...keys.keys()]);
      const byPeer = new Map(rooms.map((r) => [keys.get(r.pair_key)!, r]));
      const roomIds = rooms.map((r) => r.id);
      const [unread, latest] = await Promise.all([
        unreadByRoom(ctx.db, user_id, now, roomIds),
        latestByRoom(ctx.db, user_id, now, roomIds),
      ]);
      return {
        summaries: peer_ids.map((peer_id) => {
          const room = byPeer.get(peer_id);
          const last = room ? latest.get(room.id) : undefined;
          return {
            peer_id,
            room_id: room?.id ?? null,
            unreadCount: room ? (unread.get(room.id)?.count ?? 0) : 0,
            latestMessage: last ? preview(last, user_id) : null,
            updated_at: last
              ? new Date(last.created_at).toISOString()
              : room
                ? new Date(room.updated_at).toISOString()
                : null,
          };
        }),
      };
    },
    serviceQueue(ctx),
  );

/** Topics' history rows ask, per room of the user: its unread count and the latest message's preview. */
export const respondRoomsPreview = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatRoomsPreview,
    async ({ user_id, room_ids }) => {
      const now = ctx.clock.now();
      const mine = [...(await topicIdsOfRooms(ctx.db, user_id, room_ids.filter(isUuid))).keys()];
      const [unread, latest] = await Promise.all([
        unreadByRoom(ctx.db, user_id, now, mine),
        latestByRoom(ctx.db, user_id, now, mine),
      ]);
      return {
        previews: mine.map((room_id) => {
          const last = latest.get(room_id);
          return {
            room_id,
            unreadCount: unread.get(room_id)?.count ?? 0,
            latestMessage: last ? preview(last, user_id) : null,
            updated_at: last ? new Date(last.created_at).toISOString() : null,
          };
        }),
      };
    },
    serviceQueue(ctx),
  );

/** Accounts asks before a friendship made from a room: nobody befriends across anonymity (spec §6). */
export const respondRoomParticipants = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatRoomParticipants,
    async ({ room_id }) => {
      const room = isUuid(room_id) ? await findParticipants(ctx.db, room_id) : undefined;
      if (!room) return { found: false, participants: [] };
      // A block as it acts in this room (ADR 0020): a person block only where both are named, else
      // the room's own; friendship likewise only between named sides (what a gift or call may learn).
      const [friends, { blocked }] = await Promise.all([
        isNamedRoom(room) ? areFriends(ctx.db, room.user1_id, room.user2_id) : false,
        roomBlockState(ctx, room),
      ]);
      return {
        found: true,
        participants: [
          { user_id: room.user1_id, is_anonymous: room.user1_anonymous },
          { user_id: room.user2_id, is_anonymous: room.user2_anonymous },
        ],
        room_type_id: room.room_type_id,
        topic_id: room.topic_id,
        are_friends: friends,
        blocked,
        deleted: false,
      };
    },
    serviceQueue(ctx),
  );

/** Points' gift in the spec's shape names the partner, not the room: the pair's room (see the request). */
export const respondRoomBetween = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatRoomBetween,
    async ({ user_id, peer_id }) => ({
      room_id: user_id === peer_id ? null : await latestNamedRoomBetween(ctx.db, user_id, peer_id, ctx.clock.now()),
    }),
    serviceQueue(ctx),
  );

/**
 * The moderation service freezes a room report's evidence: the messages around the reported
 * person's latest one, before they vanish on their timer.
 */
export const respondRoomEvidence = (ctx: AppContext): Subscription =>
  ctx.bus.respond(
    requests.chatRoomEvidence,
    async ({ room_id, reported_id, around }) => {
      if (!isUuid(room_id)) return { found: false, anchor_id: null, messages: [] };
      const { anchorId, rows } = await messagesAround(ctx.db, room_id, reported_id, around);
      return {
        found: rows.length > 0,
        anchor_id: anchorId,
        messages: rows.map((m) => ({
          id: m.id,
          sender_id: m.sender_id,
          type: m.message_type_id,
          content: m.data,
          created_at: new Date(m.created_at).toISOString(),
        })),
      };
    },
    serviceQueue(ctx),
  );
