import { createHmac, randomUUID } from 'node:crypto';

import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  ROOM_TYPES,
  isFriendRoomType,
  normalizeRoomType,
  unreadBadge,
  validateReport,
  type Room,
  type UnreadSummary,
} from '@honne/contracts/chat';
import { events, requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import {
  AppError,
  assertAgeFeature,
  assertNoFieldErrors,
  blockedEitherWay,
  fieldErrors,
  enqueueEvent,
  forbidden,
  isUuid,
  notFound,
  type Caller,
} from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { latestByRoom, markRead, unreadByRoom } from '../db/repos/messages.ts';
import { setRoomBlock } from '../db/repos/room-blocks.ts';
import {
  addRater,
  createOrGetRoom,
  findRoomByKey,
  findRoomFor,
  insertRoomReport,
  topicIdsOfRooms,
  upsertRating,
} from '../db/repos/rooms.ts';
import { areFriends, findCards } from '../db/repos/users.ts';
import type { RoomRow } from '../db/schema/index.ts';
import { dropPaidOpening, savePaidOpening, stalePaidOpenings, type PaidOpeningPlan } from '../db/repos/openings.ts';
import { chatRelay } from '../events/outbox.ts';
import { markRepliedAndAnnounce, toUser } from '../events/publish.ts';
import { isNamedRoom, roomBlockState } from './blocks.ts';
import { isRoomDeleted, pairKey, preview, roomView, sides } from './views.ts';

// Rooms: opening (with the voice's rules and the chat fee), views, reading, replies, reports, ratings.
// The routes in routes/rooms.ts only bind these to their endpoints.

/** The room as the caller sees it: partner card (anonymity applied), friendship, unread count. */
export async function viewRoom(ctx: AppContext, room: RoomRow, viewer: string): Promise<Room> {
  const now = ctx.clock.now();
  const { partnerId } = sides(room, viewer);
  const [cards, isFriend, unread, block] = await Promise.all([
    findCards(ctx.db, [partnerId]),
    // A friendship is between named people: in a room with an anonymous side it never shows (ADR 0020).
    isNamedRoom(room) ? areFriends(ctx.db, viewer, partnerId) : false,
    unreadByRoom(ctx.db, viewer, now, [room.id]),
    roomBlockState(ctx, room, viewer),
  ]);
  return roomView(room, viewer, cards.get(partnerId), {
    isFriend,
    partnerBlocked: block.byViewer,
    unreadCount: unread.get(room.id)?.count ?? 0,
    now,
  });
}

/** A room of the caller or 404 (a room someone else holds is as unknown as one that does not exist). */
export async function roomOf(ctx: AppContext, roomId: string, caller: Caller): Promise<RoomRow> {
  const room = await findRoomFor(ctx.db, roomId, caller.userId);
  if (!room) throw notFound();
  return room;
}

interface OpenInput {
  topic_id?: string | null;
  user_id?: string | null;
  room_type_id: number;
  is_anonymous?: boolean;
  room_id?: string | null;
  confirm_price?: boolean;
}

/**
 * Opens or reopens a room (spec §4 room opening). One room per pair per voice, one friend room per
 * pair: the unique pair key turns double submits into the same room. A room on a priced voice is
 * only created for the non-owner after the price confirmation (recorded; the charge lands with points).
 */
export async function openRoom(ctx: AppContext, caller: Caller, input: OpenInput): Promise<Room> {
  const me = caller.userId;
  const body = { ...input, room_type_id: normalizeRoomType(input.room_type_id) };
  if (body.room_id) {
    const existing = await findRoomFor(ctx.db, body.room_id, me);
    if (!existing) throw notFound();
    return viewRoom(ctx, existing, me);
  }
  const now = ctx.clock.now();
  const id = randomUUID();

  if (isFriendRoomType(body.room_type_id)) {
    const peer = body.user_id;
    if (!peer) throw fieldErrors({ user_id: CHAT_MESSAGES.partnerRequired });
    if (peer === me) throw fieldErrors({ user_id: CHAT_MESSAGES.cannotTalkToSelf });
    if (!(await areFriends(ctx.db, me, peer))) throw new AppError(403, 'not_friends', CHAT_MESSAGES.notFriends);
    const [user1_id, user2_id] = me < peer ? [me, peer] : [peer, me];
    const { room } = await createOrGetRoom(ctx.db, {
      id,
      pair_key: pairKey('friend', me, peer),
      room_type_id: body.room_type_id,
      topic_id: null,
      topic_title: null,
      topic_owner_id: null,
      topic_expire_at: null,
      opener_id: me,
      user1_id,
      user2_id,
      user1_anonymous: false,
      user2_anonymous: false,
      price_confirmed_at: null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    return viewRoom(ctx, room, me);
  }

  if (!body.topic_id) throw fieldErrors({ topic_id: messages.voiceGone });
  let topic;
  try {
    // As the opener: a voice they may not read (gated, a block with its poster) is not found.
    topic = await ctx.bus.request(requests.topicsTopicGet, { topic_id: body.topic_id, viewer_id: me });
  } catch (err) {
    ctx.log.error({ err }, 'topics did not answer topics.topic.get');
    throw new AppError(503, 'topics_unavailable', messages.unexpected);
  }
  if (!topic.found || !topic.user_id) throw notFound(messages.voiceGone);
  // A call room only on a voice that takes calls (the owner's is_callable switch).
  if (body.room_type_id === ROOM_TYPES.callTopic && !topic.is_callable) {
    throw new AppError(403, 'not_callable', messages.callNotCallable);
  }
  const owner = topic.user_id;
  const iAmOwner = owner === me;
  const peer = iAmOwner ? body.user_id : owner;
  if (!peer) throw fieldErrors({ user_id: CHAT_MESSAGES.partnerRequired });
  if (peer === me) throw fieldErrors({ user_id: CHAT_MESSAGES.cannotTalkToSelf });
  const key = pairKey('topic', me, peer, topic.topic_id);
  // The non-owner's anonymity is their choice; the owner's is the voice's.
  const replier = iAmOwner ? peer : me;
  const replierAnonymous = iAmOwner ? false : (body.is_anonymous ?? false);
  const anonymous = (u: string) => (u === owner ? topic.is_anonymous : replierAnonymous);
  const priced = topic.chat_price > 0;

  let existing = await findRoomByKey(ctx.db, key);
  // The owner naming a replier by id finds only a replier named to them: an anonymous one's room is
  // as if they had never written, whatever else holds (ADR 0020); it is reopened by its room id.
  if (existing && iAmOwner && sides(existing, me).partnerAnonymous) existing = undefined;
  // A person block either way: to each, the other's voice (and room on it) is as good as gone — on
  // a named voice, and for a room already there only when both its sides are named. An anonymous
  // voice, or a room with an anonymous side, answering otherwise would tell who is behind it (ADR
  // 0020); a block made inside such a room refuses its messages, calls and gifts instead.
  const named = existing ? isNamedRoom(existing) : !topic.is_anonymous;
  if (named && (await blockedEitherWay(ctx.db, me, peer))) throw notFound(messages.voiceGone);
  if (existing) return viewRoom(ctx, existing, me);
  // The owner answers people who wrote on their voice; opening a room with anyone else would be a
  // direct message that skips the friendship rule. A replier's room always exists already.
  if (iAmOwner) throw new AppError(403, 'not_a_replier', CHAT_MESSAGES.notAReplier);
  // Age assurance (ADR 0038): answering anonymously and paying for a chat may be kept from some states.
  if (replierAnonymous) await assertAgeFeature(ctx.db, me, 'anonymous');
  if (priced) await assertAgeFeature(ctx.db, me, 'paid_chats');
  if (priced && !iAmOwner && body.confirm_price !== true) {
    throw new AppError(403, 'price_confirmation_required', CHAT_MESSAGES.priceConfirmRequired, {
      confirm_price: CHAT_MESSAGES.priceConfirmRequired,
    });
  }
  const [user1_id, user2_id] = me < peer ? [me, peer] : [peer, me];
  // A paid chat is paid once, before its room first opens: keyed by the pair on this voice, so a
  // double submit, a second tab or a retry after a failure charges nothing more; every attempt
  // names the same room (its id follows from the key), so the ledger's entry points at the room.
  const roomId = priced ? roomIdOf(ctx, key) : id;
  const plan: PaidOpeningPlan = {
    room: {
      id: roomId,
      paid: priced,
      pair_key: key,
      room_type_id: body.room_type_id,
      topic_id: topic.topic_id,
      topic_title: topic.title,
      topic_owner_id: owner,
      topic_anonymous: topic.is_anonymous,
      topic_callable: topic.is_callable,
      chat_price: topic.chat_price,
      call_price: topic.call_price,
      topic_expire_at: topic.expire_at ? new Date(topic.expire_at).toISOString() : null,
      opener_id: me,
      user1_id,
      user2_id,
      user1_anonymous: anonymous(user1_id),
      user2_anonymous: anonymous(user2_id),
      price_confirmed_at: priced ? now.toISOString() : null,
      deleted_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    },
    fee: { key: `chat_fee:${key}`, from: me, to: owner, amount: topic.chat_price },
    // `user_id` is the non-owner.
    opened: { room_id: roomId, topic_id: topic.topic_id, user_id: replier, is_anonymous: replierAnonymous },
    peer,
  };
  if (priced) {
    // One durable flow (issue 26): the plan is written before the charge and removed with the
    // room's creation, so a crash between them leaves it for `finishPaidOpenings` — never a charge
    // without its room. A refused charge (too few points, a cap) took nothing: the plan goes.
    await savePaidOpening(ctx.db, plan, now);
    try {
      await chargeChatFee(ctx, { ...plan.fee, roomId });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) await dropPaidOpening(ctx.db, roomId);
      throw err;
    }
  }
  return viewRoom(ctx, await createPlannedRoom(ctx, plan, priced), me);
}

/**
 * Creates the planned room with its announcement in one transaction (topics builds both history
 * entries from it) and, for a paid one, removes its plan there too; the peer hears of a new room.
 */
async function createPlannedRoom(ctx: AppContext, plan: PaidOpeningPlan, paid: boolean): Promise<RoomRow> {
  const now = ctx.clock.now();
  const { room, created } = await ctx.db.transaction().execute(async (trx) => {
    const opened = await createOrGetRoom(trx, plan.room);
    if (opened.created) {
      await enqueueEvent(trx, events.chatRoomOpened, `opened:${opened.room.id}`, plan.opened, now);
    }
    if (paid) await dropPaidOpening(trx, plan.opened.room_id);
    return opened;
  });
  if (created) {
    await chatRelay(ctx).now();
    await toUser(ctx, plan.peer, realtimeEvents.roomUpdated, await viewRoom(ctx, room, plan.peer));
  }
  return room;
}

/** How long a paid opening is its request's to finish (requests time out at 10 s) before the job takes it over. */
export const PAID_OPENING_GRACE_MS = 15_000;

/**
 * Finishes paid openings a crash (or a lost answer) left halfway: the fee is asked again under its
 * key — points answers the first charge again, or makes it, the payer having confirmed the price —
 * and the room is created; a refused charge calls the opening off. Points away: the next round.
 * Runs every few seconds (server.ts). Answers how many rooms it created.
 */
export async function finishPaidOpenings(ctx: AppContext): Promise<number> {
  const due = await stalePaidOpenings(ctx.db, new Date(ctx.clock.now().getTime() - PAID_OPENING_GRACE_MS));
  let created = 0;
  for (const plan of due) {
    try {
      await chargeChatFee(ctx, { ...plan.fee, roomId: plan.opened.room_id });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) await dropPaidOpening(ctx.db, plan.opened.room_id);
      else ctx.log.warn({ err, room: plan.opened.room_id }, 'paid opening not finished; the next round retries');
      continue;
    }
    await createPlannedRoom(ctx, plan, true);
    created += 1;
  }
  return created;
}

/** A room id that every attempt to open this pair's room computes alike (keyed with a secret: not guessable). */
function roomIdOf(ctx: AppContext, key: string): string {
  const h = createHmac('sha256', ctx.config.jwtSecret).update(`room:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Charges a room's payer through points, once per `key` (the chat fee, a bonus); refused:
 * 'ポイントが不足です。' and nothing changes.
 */
export async function chargeChatFee(
  ctx: AppContext,
  fee: { key: string; from: string; to: string; amount: number; roomId: string; kind?: 'chat_fee' | 'chat_bonus' },
): Promise<true> {
  let answer;
  try {
    answer = await ctx.bus.request(requests.pointsTransfer, {
      key: fee.key,
      kind: fee.kind ?? 'chat_fee',
      from: fee.from,
      to: fee.to,
      amount: fee.amount,
      room_id: fee.roomId,
    });
  } catch (err) {
    ctx.log.error({ err }, 'points did not answer points.transfer.request');
    throw new AppError(503, 'points_unavailable', messages.unexpected);
  }
  if (answer.status === 'insufficient') {
    throw new AppError(403, 'points_insufficient', messages.chatPointsShort, { chat_price: messages.chatPointsShort });
  }
  if (answer.status === 'monthly_cap') {
    throw new AppError(403, 'monthly_cap', messages.minorMonthlyCap, { chat_price: messages.minorMonthlyCap });
  }
  if (answer.status === 'frozen') {
    throw new AppError(403, 'points_frozen', messages.pointsFrozen, { chat_price: messages.pointsFrozen });
  }
  if (answer.status !== 'done') throw new AppError(409, 'idempotency_conflict', messages.idempotencyConflict);
  return true;
}

export async function unreadSummary(ctx: AppContext, userId: string): Promise<UnreadSummary> {
  const now = ctx.clock.now();
  const unread = await unreadByRoom(ctx.db, userId, now);
  const [latest, topics] = await Promise.all([
    latestByRoom(ctx.db, userId, now, [...unread.keys()]),
    topicIdsOfRooms(ctx.db, userId, [...unread.keys()]),
  ]);
  const rooms = [...unread].map(([room_id, u]) => {
    const last = latest.get(room_id);
    return {
      room_id,
      topic_id: topics.get(room_id) ?? null,
      unreadCount: u.count,
      messageIds: u.ids,
      latestMessage: last ? preview(last, userId) : null,
      updated_at: last ? new Date(last.created_at).toISOString() : null,
    };
  });
  rooms.sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
  const total = rooms.reduce((n, r) => n + r.unreadCount, 0);
  return { total, badge: unreadBadge(total), rooms };
}

/** Marks a room read for the caller; the sender and the caller's other tabs hear of it. */
export async function readRoom(ctx: AppContext, room: RoomRow, reader: string, upTo?: string) {
  const now = ctx.clock.now();
  const changed = await markRead(ctx.db, reader, room.id, now, upTo && isUuid(upTo) ? upTo : undefined);
  const ids = changed.sort((a, b) => Number(a.seq) - Number(b.seq)).map((c) => c.id);
  if (ids.length > 0) {
    const { partnerId } = sides(room, reader);
    const at = now.toISOString();
    await toUser(ctx, partnerId, realtimeEvents.messageRead, { room_id: room.id, ids, read_at: at });
    const left = (await unreadByRoom(ctx.db, reader, now, [room.id])).get(room.id)?.count ?? 0;
    await toUser(ctx, reader, realtimeEvents.messageRead, {
      room_id: room.id,
      ids,
      read_at: at,
      unreadCount: left,
      by_me: true,
    });
    return { room_id: room.id, ids, unreadCount: left };
  }
  const left = (await unreadByRoom(ctx.db, reader, now, [room.id])).get(room.id)?.count ?? 0;
  return { room_id: room.id, ids, unreadCount: left };
}

/** PUT /rooms/unread: one room read, or every room (`unread: 0`); answers the summary after. */
export async function readRooms(
  ctx: AppContext,
  caller: Caller,
  body: { unread?: number; room_id?: string },
): Promise<UnreadSummary> {
  if (body.room_id) {
    await readRoom(ctx, await roomOf(ctx, body.room_id, caller), caller.userId);
  } else if (body.unread === 0) {
    const unread = await unreadByRoom(ctx.db, caller.userId, ctx.clock.now());
    for (const roomId of unread.keys()) {
      const room = await findRoomFor(ctx.db, roomId, caller.userId);
      if (room) await readRoom(ctx, room, caller.userId);
    }
  }
  return unreadSummary(ctx, caller.userId);
}

/** The replier wrote on the voice: the room counts as replied, once, and the owner hears it. */
export async function markReplyGiven(ctx: AppContext, room: RoomRow, me: string): Promise<Room> {
  if (room.topic_id && room.topic_owner_id !== me && !isRoomDeleted(room, ctx.clock.now())) {
    if (
      await markRepliedAndAnnounce(ctx, { room_id: room.id, topic_id: room.topic_id, user_id: me }, ctx.clock.now())
    ) {
      const { partnerId } = sides(room, me);
      const updated = (await findRoomFor(ctx.db, room.id, me))!;
      await toUser(ctx, partnerId, realtimeEvents.roomUpdated, await viewRoom(ctx, updated, partnerId));
    }
  }
  return viewRoom(ctx, (await findRoomFor(ctx.db, room.id, me))!, me);
}

/** A report on the partner of a room, kept for moderators. */
export async function reportRoom(
  ctx: AppContext,
  room: RoomRow,
  me: string,
  body: { type?: number; content?: string },
): Promise<{ message: string; id: string }> {
  assertNoFieldErrors(validateReport(body.content));
  const { partnerId } = sides(room, me);
  if (partnerId === me) throw forbidden(CHAT_MESSAGES.cannotReportSelf);
  const id = randomUUID();
  const now = ctx.clock.now();
  const report = {
    id,
    room_id: room.id,
    reporter_id: me,
    reported_id: partnerId,
    type: body.type ?? 0,
    // Trimmed at the ends only: the reporter's newlines are kept for the moderators.
    content: (body.content ?? '').trim(),
    created_at: now,
  };
  // The report and the event that files it with the moderation service commit together; safety
  // then asks chat, calls and points for the room's evidence.
  await ctx.db.transaction().execute(async (trx) => {
    await insertRoomReport(trx, report);
    await enqueueEvent(
      trx,
      events.roomReported,
      `room-report:${id}`,
      {
        report_id: id,
        room_id: room.id,
        reporter_id: me,
        reported_id: partnerId,
        type: report.type,
        content: report.content,
        at: now.toISOString(),
      },
      now,
    );
  });
  await chatRelay(ctx).now();
  return { message: CHAT_MESSAGES.reportSuccess, id };
}

/** The one who paid rates the one who was paid: not the voice's owner, not a free room. */
export async function rateRoom(
  ctx: AppContext,
  room: RoomRow,
  me: string,
  body: { type?: number; star: number },
): Promise<{ message: string; star: number }> {
  if (!Number.isInteger(body.star) || body.star < CHAT_LIMITS.starMin || body.star > CHAT_LIMITS.starMax) {
    throw fieldErrors({ star: CHAT_MESSAGES.ratingRange });
  }
  const priced = room.chat_price > 0 || room.call_price > 0;
  if (!room.topic_owner_id || room.topic_owner_id === me || !priced) {
    throw new AppError(403, 'rating_not_allowed', CHAT_MESSAGES.ratingNotAllowed);
  }
  const now = ctx.clock.now();
  const { partnerId } = sides(room, me);
  await upsertRating(
    ctx.db,
    { room_id: room.id, rater_id: me, rated_id: partnerId, type: body.type ?? 0, star: body.star },
    now,
  );
  await addRater(ctx.db, room, me, now);
  return { message: CHAT_MESSAGES.ratingThanks, star: body.star };
}

/**
 * The caller blocks (or stops blocking) the partner of one room from inside it: the partner's
 * messages there are refused and hidden from the caller, calls and gifts in it refused, its live call
 * ended (calls hears `chat.room.block_changed` through the outbox). The partner is told nothing,
 * and nothing of it depends on who the partner is.
 */
export async function blockRoomPartner(ctx: AppContext, room: RoomRow, me: string, blocked: boolean): Promise<Room> {
  await setRoomPartnerBlock(ctx, room.id, me, blocked);
  return viewRoom(ctx, room, me);
}

/** The block itself, for the room's menu and for a report from inside its call (events/safety.ts). */
export async function setRoomPartnerBlock(ctx: AppContext, roomId: string, me: string, blocked: boolean) {
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await setRoomBlock(trx, roomId, me, blocked, now))) return false;
    await enqueueEvent(
      trx,
      events.chatRoomBlockChanged,
      `room-block:${roomId}:${me}:${now.getTime()}:${blocked ? 1 : 0}`,
      { room_id: roomId, blocker_id: me, blocked, at: now.toISOString() },
      now,
    );
    return true;
  });
  if (changed) await chatRelay(ctx).now();
}
