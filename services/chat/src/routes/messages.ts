import { CHAT_LIMITS, CHAT_MESSAGES, chatEndpoints, type Message } from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { fieldErrors, forbidden, isUuid, notFound, ok, route, type Caller } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findLiveImage } from '../db/repos/images.ts';
import { deleteMessages, findMessages, listMessages } from '../db/repos/messages.ts';
import { roomsByIds } from '../db/repos/rooms.ts';
import { findCards, savedMessageTime } from '../db/repos/users.ts';
import type { MessageRow, RoomRow } from '../db/schema/index.ts';
import { roomBlockState } from '../domain/blocks.ts';
import { imageObjectKey, imageUrl } from '../domain/images.ts';
import { sendMessage, storeImage } from '../domain/send-message.ts';
import { isRoomDeleted, messageExpiry, messageView } from '../domain/views.ts';
import { announceMessagesGone } from '../events/publish.ts';
import { roomOf } from '../domain/rooms.ts';

async function views(
  ctx: AppContext,
  rows: MessageRow[],
  viewer: string,
  rooms: Map<string, RoomRow>,
): Promise<Message[]> {
  const cards = await findCards(
    ctx.db,
    rows.map((r) => r.sender_id),
  );
  return rows.flatMap((r) => {
    const room = rooms.get(r.room_id);
    return room ? [messageView(r, room, viewer, cards.get(r.sender_id)?.user_name ?? null)] : [];
  });
}

const perPage = (n: number | undefined) => Math.min(n ?? CHAT_LIMITS.pageSize, CHAT_LIMITS.pageMax);
function beforeOf(lastDocId: string | undefined): number | undefined {
  if (lastDocId === undefined || lastDocId === '') return undefined;
  if (!/^\d{1,15}$/.test(lastDocId)) throw fieldErrors({ last_doc_id: messages.invalidInput });
  return Number(lastDocId);
}
const cursorOf = (rows: MessageRow[]) => (rows.length > 0 ? String(rows.at(-1)!.seq) : null);

/** Deletes the caller's own messages; any id of someone else's refuses the whole request. */
async function deleteOwn(ctx: AppContext, caller: Caller, ids: string[]): Promise<string[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  const found = valid.length > 0 ? await findMessages(ctx.db, valid) : [];
  if (found.some((m) => m.sender_id !== caller.userId)) throw forbidden();
  const rows = await deleteMessages(
    ctx.db,
    found.map((m) => m.id),
  );
  await announceMessagesGone(ctx, realtimeEvents.messageDeleted, rows);
  return rows.map((r) => r.id);
}

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, chatEndpoints.sendMessage, async ({ body, caller }) => ok(await sendMessage(ctx, caller, body)));

  route(app, ctx, chatEndpoints.roomMessages, async ({ params, query, caller }) => {
    const room = await roomOf(ctx, params.id, caller);
    const rows = await listMessages(ctx.db, caller.userId, ctx.clock.now(), {
      roomId: room.id,
      since: query.since,
      before: beforeOf(query.last_doc_id),
      limit: perPage(query.per_page),
    });
    return ok(await views(ctx, rows, caller.userId, new Map([[room.id, room]])), cursorOf(rows));
  });

  const toMe = async (
    caller: Caller,
    query: { last_doc_id?: string; per_page?: number; since?: number },
    roomId?: string,
  ) => {
    const rows = await listMessages(ctx.db, caller.userId, ctx.clock.now(), {
      roomId,
      toMe: true,
      since: query.since,
      before: beforeOf(query.last_doc_id),
      limit: perPage(query.per_page),
    });
    const roomIds = [...new Set(rows.map((r) => r.room_id))];
    const rooms = await roomsByIds(ctx.db, roomIds);
    return ok(await views(ctx, rows, caller.userId, new Map(rooms.map((r) => [r.id, r]))), cursorOf(rows));
  };
  route(app, ctx, chatEndpoints.toMe, async ({ query, caller }) => toMe(caller, query));
  route(app, ctx, chatEndpoints.toMeInRoom, async ({ params, query, caller }) => {
    const room = await roomOf(ctx, params.roomId, caller);
    return toMe(caller, query, room.id);
  });

  route(app, ctx, chatEndpoints.deleteMessages, async ({ body, caller }) =>
    ok({ ids: await deleteOwn(ctx, caller, body.ids) }),
  );

  route(app, ctx, chatEndpoints.deleteMessage, async ({ params, caller }) => {
    const [m] = isUuid(params.id) ? await findMessages(ctx.db, [params.id]) : [];
    if (!m) throw notFound();
    if (m.sender_id !== caller.userId) {
      // Someone else's message in my room: 403; in a room I am not in: as unknown as a missing one.
      if (m.receiver_id === caller.userId) throw forbidden();
      throw notFound();
    }
    return ok({ ids: await deleteOwn(ctx, caller, [m.id]) });
  });

  route(app, ctx, chatEndpoints.uploadImage, async ({ body, caller }) => {
    // `roomId` is the spec's form field; `room_id` what the JSON shape has always sent.
    const roomId = body.room_id ?? body.roomId;
    if (!roomId) throw fieldErrors({ room_id: messages.invalidInput });
    const room = await roomOf(ctx, roomId, caller);
    const now = ctx.clock.now();
    if (isRoomDeleted(room, now)) throw notFound(room.topic_id ? messages.voiceGone : CHAT_MESSAGES.roomDeleted);
    if ((await roomBlockState(ctx, room)).blocked) throw forbidden();
    // Until a message uses it, an upload lives as long as a message of the uploader would.
    const expireAt = messageExpiry(now, await savedMessageTime(ctx.db, caller.userId), room.topic_expire_at);
    const stored = await storeImage(ctx, room, caller.userId, body.data, expireAt);
    return ok({ id: stored.id, url: imageUrl(stored.id), size: { width: stored.width, height: stored.height } });
  });

  route(app, ctx, chatEndpoints.image, async ({ params, reply }) => {
    const image = isUuid(params.imageId) ? await findLiveImage(ctx.db, params.imageId, ctx.clock.now()) : undefined;
    if (!image) throw notFound();
    const bytes = image.bytes.length > 0 ? image.bytes : await ctx.objects?.get(imageObjectKey(params.imageId));
    if (!bytes) throw notFound();
    const maxAge = Math.max(0, Math.floor((new Date(image.expire_at).getTime() - ctx.clock.now().getTime()) / 1000));
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(bytes));
  });
}
