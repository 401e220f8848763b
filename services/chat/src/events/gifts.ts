import { MESSAGE_TYPES, giftStampId } from '@honne/contracts/chat';
import { events } from '@honne/contracts/events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { sendMessage } from '../domain/send-message.ts';

/**
 * A present was given: its stamp lands in the room from the giver, for both, once — the gift id is
 * the client id, so a redelivered or republished event stores nothing twice.
 */
export const onGiftSent = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.giftSent,
    async (e) => {
      try {
        await sendMessage(
          ctx,
          { userId: e.sender_id, sessionId: 'points' },
          {
            room_id: e.room_id,
            message_type_id: MESSAGE_TYPES.stamp,
            stamp_id: giftStampId(e.coin),
            client_id: `gift:${e.gift_id}`,
          },
          'points',
        );
      } catch (err) {
        // The room went meanwhile (its voice ended): the points were given; there is no room to show it in.
        ctx.log.warn({ err, gift: e.gift_id }, 'gift stamp not stored');
      }
    },
    serviceQueue(ctx),
  );
