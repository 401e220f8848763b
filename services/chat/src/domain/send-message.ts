import { randomUUID } from 'node:crypto';

import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  MESSAGE_TYPES,
  giftOfStamp,
  isCallRecordType,
  isClientMessageType,
  validateChatText,
  type Message,
  type MessageCreateBody,
} from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import {
  AppError,
  assertMaySpeak,
  assertNoFieldErrors,
  checkFlood,
  contactAllowedBetween,
  fieldErrors,
  isUuid,
  guardContacts,
  notFound,
  productCounter,
  putForRow,
  moderatorLook,
  screenText,
  silencedError,
  traceparent,
  type Caller,
} from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { findOwnUpload, insertImage, setImageExpiry } from '../db/repos/images.ts';
import { findByClientId, findSendContext, insertMessage, sendInRoom, type SendContext } from '../db/repos/messages.ts';
import type { MessageRow, RoomRow } from '../db/schema/index.ts';
import { chatRelay } from '../events/outbox.ts';
import { markRepliedAndAnnounce, toUserSurely } from '../events/publish.ts';
import { decodeBase64, imageIdOf, imageObjectKey, imageUrl, toChatJpeg } from './images.ts';
import { isRoomDeleted, messageExpiry, messageView, sides } from './views.ts';

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
  /** What the filter asked a moderator to see (ADR 0028): held (not delivered) or flagged (delivered). */
  filtered?: { action: 'hold' | 'flag'; entries: string[] } | undefined;
}

const inRange = (n: number | null | undefined, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < max;

interface ImagePlace {
  room: Pick<RoomRow, 'id'>;
  expireAt: Date;
}

function placed(image: ImagePlace | undefined): ImagePlace {
  if (!image) throw new Error('an image needs its room and expiry');
  return image;
}

/** Who sends: a client, or a service posting a record in a user's name (calls: call records; points: gifts). */
type Origin = 'client' | 'calls' | 'points';

/** The stored content of a message by its type (spec §3/§5), or 403 with the field's message. */
async function contentOf(
  ctx: AppContext,
  body: MessageCreateBody,
  sender: string,
  /** Only images use it: the room their bytes belong to and the message's expiry, which they share. */
  place?: ImagePlace,
  origin: Origin = 'client',
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
      const text = body.data!.trim();
      // What a person writes is screened before anyone reads it (issue 28): refused words and
      // contact details the age-assurance policy does not allow the pair (ADR 0031) answer 403;
      // masked words go as ＊. The room is read for the policy only when the text holds contacts.
      if (origin === 'client') {
        await guardContacts('data', text, async () => {
          const room = await findSendContext(ctx.db, body.room_id, sender);
          return room ? await contactAllowedBetween(ctx.db, sender, sides(room, sender).partnerId) : false;
        });
      }
      if (origin !== 'client') return { ...base, data: text, is_voice: body.is_voice === true };
      const screened = screenText({ data: text }, { lists: ctx.filterLists, canHold: true });
      const filtered = moderatorLook(screened.flagged);
      return { ...base, data: screened.fields.data, is_voice: body.is_voice === true, filtered } as Content;
    }
    case MESSAGE_TYPES.stamp: {
      const id =
        body.stamp_id ??
        (body.data !== undefined && /^\d{1,3}$/.test(body.data.trim()) ? Number(body.data.trim()) : null);
      // Gift stamps are the points service's alone: a client could otherwise show a present never given.
      const gift = origin === 'points' && giftOfStamp(id) !== null;
      if (id === null || !Number.isInteger(id) || id < 1 || (id > CHAT_LIMITS.stampMax && !gift))
        throw fieldErrors({ stamp_id: CHAT_MESSAGES.stampInvalid });
      return { ...base, data: String(id), stamp_id: id };
    }
    case MESSAGE_TYPES.image: {
      const { room, expireAt } = placed(place);
      const imageId = imageIdOf(body.data ?? '');
      const image = imageId ? await findOwnUpload(ctx.db, imageId, room.id, sender, ctx.clock.now()) : undefined;
      if (!image) throw fieldErrors({ data: CHAT_MESSAGES.imageSendFailed });
      // The image lives exactly as long as its message.
      await setImageExpiry(ctx.db, image.id, expireAt);
      return { ...base, data: imageUrl(image.id), width: image.width, height: image.height, image_id: image.id };
    }
    case MESSAGE_TYPES.base64Image: {
      const { room, expireAt } = placed(place);
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

export async function storeImage(
  ctx: AppContext,
  room: Pick<RoomRow, 'id'>,
  uploader: string,
  data: string | undefined,
  expireAt: Date,
) {
  const bytes = decodeBase64(data);
  const image = bytes ? await toChatJpeg(bytes) : undefined;
  if (!image) throw fieldErrors({ data: CHAT_MESSAGES.imageType });
  const id = randomUUID();
  // With S3_URL the bytes are an object (stored first: a row never names a missing one; an insert
  // that fails removes it again) and the row keeps none; reads still go through the row, so its
  // checks and expiry hold.
  const object = ctx.objects ? { key: imageObjectKey(id), bytes: image.bytes, contentType: 'image/jpeg' } : undefined;
  await putForRow(ctx, ctx.db, object, (db) =>
    insertImage(db, {
      id,
      room_id: room.id,
      uploader_id: uploader,
      bytes: object ? Buffer.alloc(0) : image.bytes,
      width: image.width,
      height: image.height,
      created_at: ctx.clock.now(),
      expire_at: expireAt,
    }),
  );
  return { id, width: image.width, height: image.height };
}

/** Messages stored, by who wrote them, their type (1–9) and whether a block refused them (issue 29). */
const messagesAccepted = productCounter('honne_chat_messages_accepted_total', 'Messages stored', [
  'origin',
  'type',
  'refused',
]);

const needsRoom = (typeId: number) => typeId === MESSAGE_TYPES.image || typeId === MESSAGE_TYPES.base64Image;

/**
 * Sends a message: the sender comes from the token. When the receiver blocks the sender the message
 * is stored as refused, answered with status 'refused', and never reaches the receiver.
 *
 * Text, stamps, sounds and system kinds are checked first and then read their room and are stored
 * in one statement; images need the room and the message's expiry before their bytes are kept, so
 * they read the room first.
 */
/**
 * The spec's message payload read as ours: its `id` is the client id, and its sender fields are the
 * server's — `user_id` naming someone else is refused, the others are ignored (see MessageCreateBody).
 */
async function asSent(ctx: AppContext, body: MessageCreateBody, me: string): Promise<MessageCreateBody> {
  if (body.user_id != null && body.user_id !== me) {
    // Someone outside the room hears of the room first, as for any other send.
    if (!(await findSendContext(ctx.db, body.room_id, me))) throw notFound();
    throw new AppError(403, 'not_the_sender', messages.invalidInput, { user_id: messages.invalidInput });
  }
  return { ...body, client_id: body.client_id ?? body.id ?? undefined };
}

export async function sendMessage(
  ctx: AppContext,
  caller: Caller,
  body: MessageCreateBody,
  /**
   * The calls service's call record (types 5–8), sent in the caller's name, or the points
   * service's gift stamp, in the giver's: both sides hear of it.
   */
  origin: Origin = 'client',
): Promise<Message> {
  const me = caller.userId;
  // Call records (missed, success, cancel, miss) are the calls service's alone: a client could
  // otherwise fake a call that never happened.
  if (origin === 'client' && isCallRecordType(body.message_type_id)) {
    throw new AppError(403, 'call_record_reserved', CHAT_MESSAGES.callRecordReserved, {
      message_type_id: CHAT_MESSAGES.callRecordReserved,
    });
  }
  // Every other server-written type too (the add-friend notice, 9): clients send only their own kinds.
  if (origin === 'client' && !isClientMessageType(body.message_type_id)) {
    throw new AppError(403, 'message_type_reserved', messages.invalidInput, {
      message_type_id: messages.invalidInput,
    });
  }
  if (!isUuid(body.room_id)) throw notFound();
  body = await asSent(ctx, body, me);
  const now = ctx.clock.now();
  if (origin === 'client') {
    // Floods are counted before anything is stored (ADR 0028): 429, and the room sees nothing.
    const text = body.message_type_id === MESSAGE_TYPES.text && !body.is_sound ? body.data : undefined;
    const flood =
      ctx.config.flood && checkFlood(ctx.cache, ctx.config.flood, { userId: me, roomId: body.room_id, text });
    // A muted (or suspended) person sends nothing until it ends (issue 27); receiving goes on, and
    // the call records and gift stamps other services write in their name are not theirs to hold back.
    // An image asks here; every other kind is refused by its send statement, which reads the
    // restriction with the room (issue 32: one round trip per send, as before issue 27).
    const speak = needsRoom(body.message_type_id) ? assertMaySpeak(ctx.db, me, now) : undefined;
    // Neither check needs the other, so they wait together; the flood's refusal is told first, as
    // when they ran in turn.
    const [floodOk, speakOk] = await Promise.allSettled([flood, speak]);
    if (floodOk.status === 'rejected') throw floodOk.reason;
    if (speakOk.status === 'rejected') throw speakOk.reason;
  }
  /** A refusal found before the send statement: a silenced sender still hears of their restriction first. */
  const silencedFirst = async (err: unknown): Promise<never> => {
    if (origin === 'client') await assertMaySpeak(ctx.db, me, now);
    throw err;
  };
  const id = randomUUID();
  let sent: { room: SendContext; message: MessageRow; created: boolean };
  let filtered: Content['filtered'];
  if (needsRoom(body.message_type_id)) {
    const room = await findSendContext(ctx.db, body.room_id, me);
    if (!room) throw notFound();
    assertLive(room, now);
    const expireAt = messageExpiry(now, room.saved_message_time, room.topic_expire_at);
    const content = await contentOf(ctx, body, me, { room, expireAt });
    const inserted = await insertMessage(ctx.db, {
      id,
      room_id: room.id,
      sender_id: me,
      receiver_id: sides(room, me).partnerId,
      message_type_id: body.message_type_id,
      ...content,
      refused: room.is_blocked === true,
      client_id: body.client_id ?? null,
      created_at: now,
      expire_at: expireAt,
    });
    sent = { room, ...inserted };
  } else {
    const content = await contentOf(ctx, body, me, undefined, origin).catch(silencedFirst);
    filtered = content.filtered;
    const result = await sendInRoom(ctx.db, {
      id,
      room_id: body.room_id,
      sender_id: me,
      message_type_id: body.message_type_id,
      data: content.data,
      stamp_id: content.stamp_id,
      is_sound: content.is_sound,
      sound_tab: content.sound_tab,
      sound_item: content.sound_item,
      is_voice: content.is_voice,
      client_id: body.client_id ?? null,
      created_at: now,
      is_read: origin === 'calls' && callRecordStartsRead(body.message_type_id),
      held: content.filtered?.action === 'hold',
      // Into the moderation queue with the text as written (ADR 0028), queued with the message.
      filtered: content.filtered && {
        message_id: id,
        room_id: body.room_id,
        sender_id: me,
        action: content.filtered.action,
        text: body.data ?? '',
        entries: content.filtered.entries,
        at: now.toISOString(),
      },
      trace: content.filtered ? traceparent() : undefined,
      silenceable: origin === 'client',
    });
    if (!result.room) return silencedFirst(notFound());
    if (result.silenced) throw silencedError(result.silenced.until);
    assertLive(result.room, now);
    sent = {
      room: result.room,
      message: result.message ?? (await findByClientId(ctx.db, me, body.client_id!)),
      created: result.created,
    };
  }
  const { room, message, created } = sent;
  // Held or flagged by the filter: its queue item was stored with it; relayed now, else by the job.
  if (created && filtered) await chatRelay(ctx).now();
  if (created)
    messagesAccepted.inc({ origin, type: String(message.message_type_id), refused: String(message.refused) });
  if (created && !message.refused) {
    await toUserSurely(
      ctx,
      message.receiver_id,
      realtimeEvents.messageCreated,
      messageView(message, room, message.receiver_id, room.sender_name),
    );
    if (origin !== 'client') {
      await toUserSurely(ctx, me, realtimeEvents.messageCreated, messageView(message, room, me, room.sender_name));
    }
    // The non-owner's first words on a voice: the reply list's 'replied' filter.
    if (origin === 'client' && room.topic_id && !room.is_replied && room.topic_owner_id !== me) {
      await markRepliedAndAnnounce(ctx, { room_id: room.id, topic_id: room.topic_id, user_id: me }, now);
    }
  }
  return messageView(message, room, me, room.sender_name);
}

/**
 * A call record is news to the callee only when they missed a call that rang them: nobody answered
 * (5) or the caller gave up while it rang (7). A call they talked in (6) or turned down, or that
 * never reached them (8), is not counted unread (walk #14: LINE counts only missed calls).
 */
export function callRecordStartsRead(type: number): boolean {
  return type === MESSAGE_TYPES.callSuccess || type === MESSAGE_TYPES.callMiss;
}

/** A deleted room, or one whose voice is gone, takes no more messages. */
function assertLive(room: SendContext, now: Date): void {
  if (isRoomDeleted(room, now)) throw notFound(room.topic_id ? messages.voiceGone : CHAT_MESSAGES.roomDeleted);
}
