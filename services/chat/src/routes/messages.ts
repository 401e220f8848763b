import { randomUUID } from 'node:crypto';

import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_REALTIME_TYPES,
  MESSAGE_TYPES,
  chatEndpoints,
  validateChatText,
  type Message,
  type MessageCreateBody,
} from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';
import { assertNoFieldErrors, fieldErrors, forbidden, notFound, ok, route, type Caller } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { deleteMessages, findMessages, findSendContext, insertMessage, listMessages } from '../db/repos/messages.ts';
import { isUuid, markReplied } from '../db/repos/rooms.ts';
import { findCards, savedMessageTime } from '../db/repos/users.ts';
import type { MessageRow, RoomRow } from '../db/schema/index.ts';
import { decodeBase64, imageIdOf, imageUrl, toChatJpeg } from '../domain/images.ts';
import { isRoomDeleted, messageExpiry, messageView, sides } from '../domain/views.ts';
import { announceMessagesGone, announceReplied, toUser } from '../events/publish.ts';
import { roomOf } from './rooms.ts';

interface Content {
  data: string;
  width: number | null;
  height: number | null;
  stamp_id: number | null;
  is_sound: boolean;
  sound_tab: number | null;
  sound_item: number | null;
  is_voice: boolean;
  image_id: string | null;
}

const inRange = (n: number | null | undefined, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < max;

/** The stored content of a message by its type (spec §3/§5), or 403 with the field's message. */
async function contentOf(
  ctx: AppContext,
  body: MessageCreateBody,
  room: RoomRow,
  sender: string,
  expireAt: Date,
): Promise<Content> {
  const base: Content = {
    data: '',
    width: null,
    height: null,
    stamp_id: null,
    is_sound: false,
    sound_tab: null,
    sound_item: null,
    is_voice: false,
    image_id: null,
  };
  switch (body.message_type_id) {
    case MESSAGE_TYPES.text: {
      if (body.is_sound) {
        // A sound effect: played locally, sent as text marked with its tab and item (3 × 8).
        if (!inRange(body.sound_tab, CHAT_LIMITS.soundTabs) || !inRange(body.sound_item, CHAT_LIMITS.soundItems)) {
          throw fieldErrors({ sound: CHAT_MESSAGES.soundInvalid });
        }
        const label = (body.data ?? '').trim();
        if ([...label].length > CHAT_LIMITS.textMax) throw fieldErrors({ data: CHAT_MESSAGES.textTooLong });
        return {
          ...base,
          data: label || `sound:${body.sound_tab}:${body.sound_item}`,
          is_sound: true,
          sound_tab: body.sound_tab,
          sound_item: body.sound_item,
        };
      }
      assertNoFieldErrors(validateChatText(body.data));
      return { ...base, data: body.data!.trim(), is_voice: body.is_voice === true };
    }
    case MESSAGE_TYPES.stamp: {
      const id =
        body.stamp_id ??
        (body.data !== undefined && /^\d{1,3}$/.test(body.data.trim()) ? Number(body.data.trim()) : null);
      if (id === null || !Number.isInteger(id) || id < 1 || id > CHAT_LIMITS.stampMax)
        throw fieldErrors({ stamp_id: CHAT_MESSAGES.stampInvalid });
      return { ...base, data: String(id), stamp_id: id };
    }
    case MESSAGE_TYPES.image: {
      const imageId = imageIdOf(body.data ?? '');
      const image = imageId
        ? await ctx.db
            .selectFrom('images')
            .select(['id', 'width', 'height'])
            .where('id', '=', imageId)
            .where('room_id', '=', room.id)
            .where('uploader_id', '=', sender)
            .where('expire_at', '>', ctx.clock.now())
            .executeTakeFirst()
        : undefined;
      if (!image) throw fieldErrors({ data: CHAT_MESSAGES.imageSendFailed });
      // The image lives exactly as long as its message.
      await ctx.db.updateTable('images').set({ expire_at: expireAt }).where('id', '=', image.id).execute();
      return { ...base, data: imageUrl(image.id), width: image.width, height: image.height, image_id: image.id };
    }
    case MESSAGE_TYPES.base64Image: {
      const stored = await storeImage(ctx, room, sender, body.data, expireAt);
      return { ...base, data: imageUrl(stored.id), width: stored.width, height: stored.height, image_id: stored.id };
    }
    default: {
      // System kinds (calls, friends): an optional short text.
      const text = (body.data ?? '').trim();
      if ([...text].length > CHAT_LIMITS.textMax) throw fieldErrors({ data: CHAT_MESSAGES.textTooLong });
      return { ...base, data: text };
    }
  }
}

async function storeImage(ctx: AppContext, room: RoomRow, uploader: string, data: string | undefined, expireAt: Date) {
  const bytes = decodeBase64(data);
  const image = bytes ? await toChatJpeg(bytes) : undefined;
  if (!image) throw fieldErrors({ data: CHAT_MESSAGES.imageType });
  const id = randomUUID();
  await ctx.db
    .insertInto('images')
    .values({
      id,
      room_id: room.id,
      uploader_id: uploader,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      created_at: ctx.clock.now(),
      expire_at: expireAt,
    })
    .execute();
  return { id, width: image.width, height: image.height };
}

/**
 * Sends a message: the sender comes from the token. When the receiver blocks the sender the message
 * is stored as refused, answered with status 'refused', and never reaches the receiver.
 */
async function send(ctx: AppContext, caller: Caller, body: MessageCreateBody): Promise<Message> {
  const me = caller.userId;
  const room = isUuid(body.room_id) ? await findSendContext(ctx.db, body.room_id, me) : undefined;
  if (!room) throw notFound();
  const now = ctx.clock.now();
  if (isRoomDeleted(room, now)) throw notFound(room.topic_id ? messages.voiceGone : CHAT_MESSAGES.roomDeleted);
  const { partnerId } = sides(room, me);
  const expireAt = messageExpiry(now, room.saved_message_time, room.topic_expire_at);
  const content = await contentOf(ctx, body, room, me, expireAt);
  const refused = room.is_blocked === true;
  const { message, created } = await insertMessage(ctx.db, {
    id: randomUUID(),
    room_id: room.id,
    sender_id: me,
    receiver_id: partnerId,
    message_type_id: body.message_type_id,
    ...content,
    refused,
    client_id: body.client_id ?? null,
    created_at: now,
    expire_at: expireAt,
  });
  if (created && !refused) {
    await toUser(
      ctx,
      partnerId,
      CHAT_REALTIME_TYPES.messageCreated,
      messageView(message, room, partnerId, room.sender_name),
    );
    // The non-owner's first words on a voice: the reply list's 'replied' filter.
    if (room.topic_id && !room.is_replied && room.topic_owner_id !== me && (await markReplied(ctx.db, room.id, now))) {
      await announceReplied(ctx, { room_id: room.id, topic_id: room.topic_id, user_id: me });
    }
  }
  return messageView(message, room, me, room.sender_name);
}

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
  await announceMessagesGone(ctx, CHAT_REALTIME_TYPES.messageDeleted, rows);
  return rows.map((r) => r.id);
}

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, chatEndpoints.sendMessage, async ({ body, caller }) => ok(await send(ctx, caller, body)));

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
    const rooms = roomIds.length
      ? await ctx.db.selectFrom('rooms').selectAll().where('id', 'in', roomIds).execute()
      : [];
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
    const room = await roomOf(ctx, body.room_id, caller);
    const now = ctx.clock.now();
    if (isRoomDeleted(room, now)) throw notFound(room.topic_id ? messages.voiceGone : CHAT_MESSAGES.roomDeleted);
    // Until a message uses it, an upload lives as long as a message of the uploader would.
    const expireAt = messageExpiry(now, await savedMessageTime(ctx.db, caller.userId), room.topic_expire_at);
    const stored = await storeImage(ctx, room, caller.userId, body.data, expireAt);
    return ok({ id: stored.id, url: imageUrl(stored.id), size: { width: stored.width, height: stored.height } });
  });

  route(app, ctx, chatEndpoints.image, async ({ params, reply }) => {
    const image = isUuid(params.imageId)
      ? await ctx.db
          .selectFrom('images')
          .select(['bytes', 'expire_at'])
          .where('id', '=', params.imageId)
          .where('expire_at', '>', ctx.clock.now())
          .executeTakeFirst()
      : undefined;
    if (!image) throw notFound();
    const maxAge = Math.max(0, Math.floor((new Date(image.expire_at).getTime() - ctx.clock.now().getTime()) / 1000));
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(image.bytes));
  });
}
