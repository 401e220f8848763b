import { randomUUID } from 'node:crypto';

import { events, type EventDef, type EventPayload } from '@honne/contracts/events';
import { enqueueEvent, outboxRelay } from '@honne/service-kit';
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import type { AccountsDb } from '../db/schema/index.ts';

/**
 * The facts accounts' outbox carries (issue 12): every durable event accounts produces — what chat,
 * topics and points keep copies of or act on. Each is queued in the transaction of the change it
 * reports (or right after a write that has none) and relayed after the commit, so a NATS outage or
 * a crash before the publish delays it and loses nothing.
 */
const RELAYED = [
  events.blockChanged,
  events.friendChanged,
  events.userDeleted,
  events.userRegistered,
  events.userProfileUpdated,
  events.userRenamed,
  events.userSettingsUpdated,
  events.userReported,
  events.profileTextFlagged,
];

export const accountsRelay = (ctx: AppContext) => outboxRelay(ctx, RELAYED);

/** What a transaction queues; `emit` is handed to the work, the relay runs after it commits. */
export type Emit = <E extends EventDef>(def: E, payload: EventPayload<E>) => Promise<void>;

/**
 * Runs `work` in one transaction with an `emit` that queues events in it, then relays them: the
 * change and its events commit together or not at all.
 */
export async function withEvents<T>(
  ctx: AppContext,
  work: (trx: Transaction<AccountsDb>, emit: Emit) => Promise<T>,
): Promise<T> {
  const result = await ctx.db
    .transaction()
    .execute((trx) => work(trx, (def, payload) => enqueueEvent(trx, def, randomUUID(), payload, ctx.clock.now())));
  await accountsRelay(ctx).now();
  return result;
}

/**
 * Queues one event in a transaction of its own and relays it: for a change written by a repo that
 * runs its own statement or transaction (a character added). The event then survives a NATS outage
 * and a crash after the relay's attempt; a crash between the write and this insert is the one
 * window left, and only where the write cannot take the caller's transaction.
 */
export const queueEvent = <E extends EventDef>(ctx: AppContext, def: E, payload: EventPayload<E>): Promise<void> =>
  withEvents(ctx, (_trx, emit) => emit(def, payload));
