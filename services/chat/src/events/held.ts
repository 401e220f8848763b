import { events } from '@honne/contracts/events';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { discardHeld, findSendContext, releaseHeld } from '../db/repos/messages.ts';
import { messageView } from '../domain/views.ts';
import { toUserSurely } from './publish.ts';

/**
 * A moderator's decision on a message the filter held (ADR 0028): released, it is delivered now
 * (the receiver's reads show it from here on, and their socket hears of it); discarded, it is
 * deleted. A redelivered decision finds the message no longer held and does nothing.
 */
export const onHeldMessageDecided = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.heldMessageDecided,
    async (e) => {
      if (!e.release) {
        await discardHeld(ctx.db, e.message_id);
        return;
      }
      const message = await releaseHeld(ctx.db, e.message_id);
      if (!message) return;
      const room = await findSendContext(ctx.db, message.room_id, message.sender_id);
      if (!room) return; // the room is gone: nothing to deliver into
      await toUserSurely(
        ctx,
        message.receiver_id,
        realtimeEvents.messageCreated,
        messageView(message, room, message.receiver_id, room.sender_name),
      );
    },
    serviceQueue(ctx),
  );
