import { events } from '@honne/contracts/events';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { isUuid, serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { deleteMessages, messageIdsInRoomFrom } from '../db/repos/messages.ts';
import { findRoomFor } from '../db/repos/rooms.ts';
import { setRoomPartnerBlock } from '../domain/rooms.ts';
import { announceMessagesGone } from './publish.ts';

/**
 * A report from inside a call in an anonymous room (either side anonymous) blocks the room as its
 * menu would (ADR 0020: a person block would name who hides behind it); calls ends the call on the
 * room block. A named room's report is accounts' person block.
 */
export const onCallReported = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.callReported,
    async (e) => {
      if (!e.anonymous) return;
      if (!(await findRoomFor(ctx.db, e.room_id, e.reporter_id))) return;
      await setRoomPartnerBlock(ctx, e.room_id, e.reporter_id, true);
    },
    serviceQueue(ctx),
  );

/**
 * An operator deleted messages (safety's delete_messages): gone for both sides, and both sides'
 * sockets told as when a sender deletes their own (the app already drops them from the screen).
 */
export const onMessagesModerated = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.messagesModerated,
    async (e) => {
      const ids = [...e.message_ids.filter(isUuid)];
      if (e.room_id && isUuid(e.room_id) && e.sender_ids.length > 0)
        ids.push(...(await messageIdsInRoomFrom(ctx.db, e.room_id, e.sender_ids)));
      const rows = await deleteMessages(ctx.db, [...new Set(ids)]);
      await announceMessagesGone(ctx, realtimeEvents.messageDeleted, rows);
    },
    serviceQueue(ctx),
  );
