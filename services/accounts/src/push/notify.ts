import { setTimeout as pause } from 'node:timers/promises';

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
import { SEND_TIMEOUT_MS, sendPush } from './send.ts';
import type { PushConfig } from './vapid.ts';

type Device = Awaited<ReturnType<typeof subscriptionsOf>>[number];

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
/**
 * Per call and callee, taken by whichever comes first of the ring push and the call's end. Taken by
 * the ring: it is pushed, and the end withdraws it. Taken by the end: the call stopped ringing before
 * any ring push began, and none begins now (nothing to show, nothing to withdraw).
 */
const callPushKey = (callId: string, userId: string) => `push:call:${callId}:${userId}`;
/** Set once the ring's posts are answered (or failed): only then may its withdrawal be posted. */
const ringPostedKey = (callId: string, userId: string) => `push:call-posted:${callId}:${userId}`;
/**
 * How long a withdrawal waits for its ring's posts: longer than a post may take, so a ring still
 * under way is done by then; past it the ring's instance is taken for dead and the withdrawal goes.
 */
const RING_POSTED_WAIT_MS = SEND_TIMEOUT_MS + 5_000;

/**
 * Pushes a message or an incoming call to every subscribed device of `userId`, when none of the
 * user's sockets is open, their toggle for that kind is on, and no block acts in the room. The
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
  // Chat answers the block as it acts in the room (a person block between named sides, or one made
  // inside the room); accounts' own look at the person block is for named rooms alone, or it would
  // silence an anonymous room's pushes exactly when the blocked person is in it (ADR 0020).
  const sides = await roomSides(ctx, roomId, userId);
  if (!sides) return;
  const named = !sides.partnerAnonymous && !sides.selfAnonymous;
  if (named && (await blockedEitherWay(ctx.db, userId, sides.partnerId))) return;
  if ('call' in what && (await ctx.cache.incrWindow(callPushKey(what.call.id, userId), CALL_ONCE_TTL_SECONDS)) > 1)
    return;
  try {
    await postToDevices(ctx, config, userId, wanted, sides, what);
  } finally {
    // Answered, refused or timed out: a withdrawal waiting for the ring may go now (withdrawCallPush).
    if ('call' in what) await ctx.cache.set(ringPostedKey(what.call.id, userId), '1', CALL_ONCE_TTL_SECONDS);
  }
}

async function postToDevices(
  ctx: AppContext,
  config: PushConfig,
  userId: string,
  wanted: Device[],
  sides: RoomSides,
  what: { message: Message } | { call: CallView },
): Promise<void> {
  const name = sides.partnerAnonymous ? null : await displayName(ctx.db, sides.partnerId);
  const at = ctx.clock.now().toISOString();
  await postEach(
    ctx,
    config,
    wanted,
    (sub) =>
      'message' in what
        ? messagePush(what.message, userId, sides, { senderName: name, showText: sub.show_text, at })
        : callPush(what.call, sides, { callerName: name, at }),
    'call' in what ? CALL_PUSH_TTL_SECONDS : MESSAGE_PUSH_TTL_SECONDS,
  );
}

/**
 * Posts each device its payload (none where `payloadOf` gives null), urgently: a subscription the
 * push service calls gone is removed, as it will never be delivered again; a refusal is logged.
 */
async function postEach(
  ctx: AppContext,
  config: PushConfig,
  subs: Device[],
  payloadOf: (sub: Device) => PushPayload | null,
  ttlSeconds: number,
): Promise<void> {
  await Promise.all(
    subs.map(async (sub) => {
      const payload = payloadOf(sub);
      if (!payload) return;
      const outcome = await sendPush(config, sub, JSON.stringify(payload), { ttlSeconds, urgency: 'high' });
      if (outcome === 'gone') await deleteByEndpoint(ctx.db, sub.endpoint);
      else if (outcome === 'failed') ctx.log.warn({ kind: payload.kind }, 'push service refused a push');
    }),
  );
}

/**
 * Withdraws a call's notification from the callee's devices once the call no longer rings for
 * them, if its ring was pushed: once per call, and whether or not a socket is open now (the
 * notification stays on the device either way; the app may have been opened from it to answer).
 *
 * The ring and its withdrawal are handled apart (not awaited, and perhaps on two instances), so a
 * call answered within milliseconds could have its withdrawal reach the push service first and
 * leave the ring on the screen. The withdrawal therefore takes the call's key too, and goes only
 * once the ring's posts are answered; if it takes the key first, the ring is never pushed.
 */
export async function withdrawCallPush(ctx: AppContext, userId: string, call: CallView): Promise<void> {
  const config = ctx.config.push;
  if (!config) return;
  const payload = callEndPush(call, { at: ctx.clock.now().toISOString() });
  if (!payload) return;
  if ((await ctx.cache.incrWindow(`push:call-end:${call.id}:${userId}`, CALL_ONCE_TTL_SECONDS)) > 1) return;
  if ((await ctx.cache.incrWindow(callPushKey(call.id, userId), CALL_ONCE_TTL_SECONDS)) === 1) return;
  await ringPosted(ctx, ringPostedKey(call.id, userId));
  await postEach(ctx, config, await subscriptionsOf(ctx.db, userId), () => payload, CALL_END_PUSH_TTL_SECONDS);
}

/**
 * Resolves once the ring's instance marks its posts answered. The mark lives in the shared cache,
 * the one place both instances see; it is read again at growing pauses (a ring post takes a few ms
 * to a few hundred), and given up on after `RING_POSTED_WAIT_MS`.
 */
async function ringPosted(ctx: AppContext, key: string): Promise<void> {
  for (let waited = 0, ms = 5; waited < RING_POSTED_WAIT_MS; waited += ms, ms = Math.min(ms * 2, 250)) {
    if ((await ctx.cache.get(key)) !== null) return;
    await pause(ms);
  }
  ctx.log.warn({ key }, 'a ring push was never marked posted; withdrawing it all the same');
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
