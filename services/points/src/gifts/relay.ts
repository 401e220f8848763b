import { events } from '@honne/contracts/events';
import { outboxRelay, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/**
 * What the points outbox carries: the gift that chat turns into a stamp message, the balances a
 * transfer changed (points answers those itself, to the users' sockets), and each grant, which
 * safety audits (ADR 0034).
 */
const RELAYED = [events.giftSent, events.balanceChanged, events.pointsGranted];

/** Publishes what the ledger's transactions queued (right after a write, and every second). */
export const relayNow = (ctx: AppContext): Promise<void> => outboxRelay(ctx, RELAYED).now();

export const startOutboxRelay = (ctx: AppContext): PeriodicJob => outboxRelay(ctx, RELAYED).job();
