import { callsEndpoints } from '@honne/contracts/calls';
import { events, requests } from '@honne/contracts/events';
import {
  isUuid,
  serviceQueue,
  ok,
  respondCommand,
  subscribeAgeStates,
  subscribeRestrictions,
  type Subscription,
} from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { callsOfRoom, saveAccount } from '../db/repos/calls.ts';
import { deleteGreeting, deleteGreetingParts } from '../db/repos/greetings.ts';
import { endCallsOfUser, endCallsOnBlock } from '../flow/calls.ts';
import { endCallOnRoomBlock } from '../flow/room-block.ts';
import { relaySignal } from '../flow/signal.ts';

/**
 * Bus subscribers: which account each character belongs to (one call per account), blocks (a
 * person block ends a named call between the two at once, a block inside a room that room's call), deleted users (their call ends, their greeting goes), and the socket's
 * 'call.signal' command.
 */
export function subscribeAll(ctx: AppContext): Subscription[] {
  return [
    // A suspended or banned person's live call ends at once (every character of theirs).
    // Kept to refuse a muted person's calls (issue 27).
    subscribeRestrictions(ctx, async (e) => {
      if (e.restriction !== 'suspend' && e.restriction !== 'ban') return;
      for (const userId of e.user_ids) await endCallsOfUser(ctx, userId);
    }),
    // Age assurance (ADR 0038): calls and paid calls may be kept from some states.
    ...subscribeAgeStates(ctx),
    // The moderation service freezes a reported room's calls as evidence.
    ctx.bus.respond(
      requests.callsRoomEvidence,
      async ({ room_id }) => ({
        calls: (isUuid(room_id) ? await callsOfRoom(ctx.db, room_id) : []).map((c) => ({
          call_id: c.id,
          caller_id: c.caller_id,
          callee_id: c.callee_id,
          state: c.phase,
          started_at: new Date(c.created_at).toISOString(),
          connected_at: c.connected_at ? new Date(c.connected_at).toISOString() : null,
          ended_at: c.ended_at ? new Date(c.ended_at).toISOString() : null,
          end_cause: c.end_cause,
          call_price: c.call_price,
          paid_minutes: c.billed_periods,
        })),
      }),
      serviceQueue(ctx),
    ),
    ctx.bus.subscribe(events.userRegistered, (e) => saveAccount(ctx.db, e.user_id, e.email_id), serviceQueue(ctx)),
    ctx.bus.subscribe(events.userProfileUpdated, (e) => saveAccount(ctx.db, e.user_id, e.email_id), serviceQueue(ctx)),
    ctx.bus.subscribe(
      events.blockChanged,
      async (e) => {
        if (e.blocked) await endCallsOnBlock(ctx, e.blocker_id, e.blocked_id);
      },
      serviceQueue(ctx),
    ),
    // A report from inside a call ends it for both at once (the block that comes with it would too).
    ctx.bus.subscribe(events.callReported, (e) => endCallOnRoomBlock(ctx, e.room_id), serviceQueue(ctx)),
    ctx.bus.subscribe(
      events.chatRoomBlockChanged,
      async (e) => {
        if (e.blocked) await endCallOnRoomBlock(ctx, e.room_id);
      },
      serviceQueue(ctx),
    ),
    ctx.bus.subscribe(
      events.userDeleted,
      async (e) => {
        await endCallsOfUser(ctx, e.user_id);
        // A deleted user's voice greeting goes too (and its object, by the table's trigger).
        await deleteGreeting(ctx.db, e.user_id);
        await deleteGreetingParts(ctx.db, e.user_id);
      },
      serviceQueue(ctx),
    ),
    respondCommand(ctx, requests.callsSignal, callsEndpoints.signal, async ({ body, caller }) =>
      ok({ relayed: await relaySignal(ctx, caller, body) }),
    ),
  ];
}
