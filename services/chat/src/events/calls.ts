import { events } from '@honne/contracts/events';
import { AppError, serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { sendMessage } from '../domain/send-message.ts';

/**
 * A call ended: its record (types 5–8) lands in the room from the caller to the callee, once —
 * the call id is the client id, so a redelivered event stores nothing twice.
 */
export const onCallEnded = (ctx: AppContext): Subscription =>
  ctx.bus.subscribe(
    events.callEnded,
    async (e) => {
      try {
        await sendMessage(
          ctx,
          { userId: e.caller_id, sessionId: 'calls' },
          { room_id: e.room_id, message_type_id: e.record_type, data: e.data, client_id: `call:${e.call_id}` },
          'calls',
        );
      } catch (err) {
        // A room deleted meanwhile (voice expired) keeps no record; nothing to retry. Anything
        // else (the database away) is thrown, so the durable consumer delivers it again.
        if (!(err instanceof AppError)) throw err;
        ctx.log.warn({ err, call: e.call_id }, 'call record not stored');
      }
    },
    serviceQueue(ctx),
  );
