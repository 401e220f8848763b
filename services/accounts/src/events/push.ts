import { events } from '@honne/contracts/events';
import { realtimeEvents, dataOf } from '@honne/contracts/realtime-events';
import { serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { pushToUser, trackPush, withdrawCallPush } from '../push/notify.ts';

/**
 * Web push's trigger (issue 14): the per-user real-time stream, which already carries each message
 * and call as its receiver may see it (chat and calls applied blocks and anonymity). One accounts
 * instance takes each event (queue group); it pushes only a new message to its receiver and an
 * incoming call to its callee, and only while the user has no socket open; a later state of that
 * call for the callee withdraws its notification.
 */
export function subscribePush(ctx: AppContext): Subscription[] {
  if (!ctx.config.push) return [];
  return [
    ctx.bus.subscribe(
      events.realtimeDelivered,
      ({ user_id, session_id, event }) => {
        if (session_id !== undefined) return;
        const message = dataOf(event, realtimeEvents.messageCreated);
        const call = message ? undefined : dataOf(event, realtimeEvents.callState);
        if (message ? message.is_mine : call?.role !== 'callee') return;
        // Not awaited: the stream is the hot path of every chat; a push is best effort.
        const sending = message
          ? pushToUser(ctx, user_id, { message })
          : call!.state === 'receiving'
            ? pushToUser(ctx, user_id, { call: call! })
            : withdrawCallPush(ctx, user_id, call!);
        trackPush(sending.catch((err: unknown) => ctx.log.warn({ err }, 'web push failed')));
      },
      serviceQueue(ctx),
    ),
  ];
}
