import { randomUUID } from 'node:crypto';

import { events, type EventDef, type EventPayload } from '@honne/contracts/events';
import { enqueueEvent, outboxRelay } from '@honne/service-kit';
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import type { AccountsDb } from '../db/schema/index.ts';

/**
 * The facts accounts' outbox carries (issue 12): what chat and topics enforce from their copies.
 * Each is queued in the transaction of the change it reports and relayed after the commit.
 */
const RELAYED = [events.blockChanged, events.friendChanged, events.userDeleted];

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
