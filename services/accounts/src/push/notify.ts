import type { CallView } from '@honne/contracts/calls';
import type { Message } from '@honne/contracts/chat';
import { requests } from '@honne/contracts/events';
import type { PushPayload } from '@honne/contracts/push';
import { hasOpenSocket } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { blockedEitherWay } from '../db/repos/blocks.ts';
import { deleteByEndpoint, displayName, subscriptionsOf } from '../db/repos/push-subscriptions.ts';
import {
  CALL_END_PUSH_TTL_SECONDS,
  CALL_PUSH_TTL_SECONDS,
  callEndPush,
  callPush,
  MESSAGE_PUSH_TTL_SECONDS,
  messagePush,
  type RoomSides,
} from '../domain/push.ts';
import { sendPush } from './send.ts';

/** Pushes under way in this process: tests wait for them instead of sleeping; close waits too. */
const inFlight = new Set<Promise<unknown>>();

export function trackPush(p: Promise<unknown>): void {
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
}

/** Resolves when every push started so far has been sent or given up. */
export async function pushesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** A ringing call is announced once per call, however many times its view is republished. */
const CALL_ONCE_TTL_SECONDS = 120;
/** Set when a call's ring was pushed to the user: only then is there a notification to withdraw. */
const ringPushedKey = (callId: string, userId: string) => `push:call:${callId}:${userId}`;

/**
 * Pushes a message or an incoming call to every subscribed device of `userId`, when none of the
 * user's sockets is open, their toggle for that kind is on, and neither side blocked the other. The
 * room's participants come from chat, so the sender is known to accounts even when anonymous, and
 * never leaves it: the payload names nobody who hides their name.
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  what: { message: Message } | { call: CallView },
): Promise<void> {
  const config = ctx.config.push;
  if (!config || (await hasOpenSocket(ctx, userId))) return;
  const subs = await subscriptionsOf(ctx.db, userId);
  const wanted = subs.filter((s) => ('message' in what ? s.message_ringtone : s.call_ringtone));
  if (wanted.length === 0) return;
  const roomId = 'message' in what ? what.message.room_id : what.call.room_id;
  const sides = await roomSides(ctx, roomId, userId);
  if (!sides || (await blockedEitherWay(ctx.db, userId, sides.partnerId))) return;
  if ('call' in what) {
    if ((await ctx.cache.incrWindow(ringPushedKey(what.call.id, userId), CALL_ONCE_TTL_SECONDS)) > 1) return;
  }
  const name = sides.partnerAnonymous ? null : await displayName(ctx.db, sides.partnerId);
  const at = ctx.clock.now().toISOString();

  await Promise.all(
    wanted.map(async (sub) => {
      const payload: PushPayload | null =
        'message' in what
          ? messagePush(what.message, userId, sides, { senderName: name, showText: sub.show_text, at })
          : callPush(what.call, sides, { callerName: name, at });
      if (!payload) return;
      const outcome = await sendPush(config, sub, JSON.stringify(payload), {
        ttlSeconds: 'call' in what ? CALL_PUSH_TTL_SECONDS : MESSAGE_PUSH_TTL_SECONDS,
        urgency: 'high',
      });
      // The browser unsubscribed or the subscription expired: it will never be delivered again.
      if (outcome === 'gone') await deleteByEndpoint(ctx.db, sub.endpoint);
      else if (outcome === 'failed') ctx.log.warn({ kind: payload.kind }, 'push service refused a push');
    }),
  );
}

/**
 * Withdraws a call's notification from the callee's devices once the call no longer rings for
 * them, if its ring was pushed: once per call, and whether or not a socket is open now (the
 * notification stays on the device either way; the app may have been opened from it to answer).
 */
export async function withdrawCallPush(ctx: AppContext, userId: string, call: CallView): Promise<void> {
  const config = ctx.config.push;
  if (!config || (await ctx.cache.get(ringPushedKey(call.id, userId))) === null) return;
  const payload = callEndPush(call, { at: ctx.clock.now().toISOString() });
  if (!payload) return;
  if ((await ctx.cache.incrWindow(`push:call-end:${call.id}:${userId}`, CALL_ONCE_TTL_SECONDS)) > 1) return;
  const subs = await subscriptionsOf(ctx.db, userId);
  await Promise.all(
    subs.map(async (sub) => {
      const outcome = await sendPush(config, sub, JSON.stringify(payload), {
        ttlSeconds: CALL_END_PUSH_TTL_SECONDS,
        urgency: 'high',
      });
      if (outcome === 'gone') await deleteByEndpoint(ctx.db, sub.endpoint);
      else if (outcome === 'failed') ctx.log.warn({ kind: payload.kind }, 'push service refused a push');
    }),
  );
}

/** The receiver's and the other participant's place in the room, from chat; undefined when it is gone. */
async function roomSides(ctx: AppContext, roomId: string, userId: string): Promise<RoomSides | undefined> {
  const room = await ctx.bus.request(requests.chatRoomParticipants, { room_id: roomId });
  if (!room.found || room.deleted || room.blocked) return undefined;
  const self = room.participants.find((p) => p.user_id === userId);
  const partner = room.participants.find((p) => p.user_id !== userId);
  if (!self || !partner) return undefined;
  return { partnerId: partner.user_id, partnerAnonymous: partner.is_anonymous, selfAnonymous: self.is_anonymous };
}
