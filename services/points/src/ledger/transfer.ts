import { events } from '@honne/contracts/events';
import { enqueueEvent, pointsFrozen } from '@honne/service-kit';
import type { Kysely, Transaction } from 'kysely';

import {
  findTransferByKey,
  insertLot,
  insertTransferOnce,
  lockAccounts,
  lotsWithPoints,
  moveBalance,
  setPurchasedAmount,
  takeFromLot,
} from '../db/repos/ledger.ts';
import { lockFamily } from '../db/repos/spend-caps.ts';
import type { PointsDb } from '../db/schema/index.ts';
import type { Transfer } from '../db/schema/ledger.ts';
import {
  isHouseAccount,
  isPurchaseKind,
  lotExpiry,
  planDebit,
  type LotPolicy,
  type TransferKind,
} from '../domain/ledger.ts';
import { isSpendKind, type MinorCaps } from '../domain/spend-caps.ts';
import { capOf, spentThisMonth } from './minor-caps.ts';
import { countMoved } from './metrics.ts';

export interface TransferInput {
  idempotencyKey: string;
  kind: TransferKind;
  from: string;
  to: string;
  amount: number;
  roomId?: string | null;
  callId?: string | null;
  giftId?: string | null;
  actor?: string | null;
  reason?: string | null;
  /** What the payer must keep: a gift leaves the balance above zero (spec §5), so 1 there. */
  keep?: number;
}

/** The rules a transfer follows that come from configuration. */
export interface LedgerRules {
  lotPolicy: LotPolicy;
  /** Monthly caps of users under 18; absent: no caps (house tools, the bench). */
  minorCaps?: MinorCaps | undefined;
}

export type TransferResult =
  | { status: 'done'; transfer: Transfer; replayed: boolean }
  | { status: 'insufficient' }
  /** The payer is under 18 and this spend would pass their monthly cap: nothing is written. */
  | { status: 'monthly_cap' }
  /** The key was used before for a different movement: nothing is written. */
  | { status: 'conflict' }
  /** The payer's points are frozen by a moderator (ADR 0030): no spend is written. */
  | { status: 'frozen' };

/** Thrown inside the transaction to roll it back; never leaves this module. */
class Insufficient extends Error {}
class MonthlyCap extends Error {}
class Frozen extends Error {}

/**
 * Writes one transfer, or finds the one already written under its key. The payer's balance can
 * never go below zero: both accounts are locked (`FOR UPDATE`, in id order so two opposite
 * transfers cannot deadlock) before the rule in domain/ decides, and the CHECK constraints stand
 * behind it. See docs/adr/0006-ledger-row-locks.md.
 *
 * `onCommit` runs inside the same transaction after the transfer is written, so an outbox row
 * (or any other follow-up) commits with it or not at all.
 */
export async function transfer(
  db: Kysely<PointsDb>,
  input: TransferInput,
  now: Date,
  rules: LedgerRules,
  onCommit?: (trx: Transaction<PointsDb>, transfer: Transfer) => Promise<void>,
): Promise<TransferResult> {
  try {
    const result = await db.transaction().execute(async (trx) => {
      // The key goes in first: a concurrent write of the same key waits here for this one to end.
      const inserted = await insertTransferOnce(trx, {
        idempotency_key: input.idempotencyKey,
        kind: input.kind,
        debit_account: input.from,
        credit_account: input.to,
        amount: input.amount,
        room_id: input.roomId ?? null,
        call_id: input.callId ?? null,
        gift_id: input.giftId ?? null,
        actor: input.actor ?? null,
        reason: input.reason ?? null,
        created_at: now,
      });
      if (!inserted) return replay(trx, input);

      const accounts = await lockAccounts(trx, [input.from, input.to], now);
      const payer = accounts.find((a) => a.user_id === input.from)!;

      let fromPurchased = 0;
      if (!isHouseAccount(input.from)) {
        const lots = await lotsWithPoints(trx, input.from);
        const usable = lots.filter((l) => l.expires_at === null || l.expires_at > now);
        // Expired points still in the balance until the sweep moves them out are not spendable.
        const expired = lots.reduce(
          (sum, l) => sum + (l.expires_at !== null && l.expires_at <= now ? l.remaining : 0),
          0,
        );
        const plan = planDebit(Number(payer.balance) - expired - (input.keep ?? 0), usable, input.amount);
        // A frozen person spends nothing (ADR 0030); what they receive still comes in and waits.
        if (isSpendKind(input.kind) && (await pointsFrozen<PointsDb>(trx, input.from, now))) throw new Frozen();
        if (!plan) throw new Insufficient();
        if (payer.capped && rules.minorCaps && isSpendKind(input.kind)) {
          const person = await capOf(trx, input.from, rules.minorCaps);
          if (person.cap !== null) {
            await lockFamily(trx, person.family);
            const spent = await spentThisMonth(trx, person, now);
            // The sum counts this transfer's own row, already in (the key goes first).
            if (spent > person.cap) throw new MonthlyCap();
          }
        }
        for (const { id, take } of plan.fromLots) await takeFromLot(trx, id, take);
        fromPurchased = plan.fromPurchased;
      }

      await moveBalance(trx, input.from, -input.amount, -fromPurchased, now);
      const bought = isPurchaseKind(input.kind) ? input.amount : 0;
      await moveBalance(trx, input.to, input.amount, bought, now);
      if (bought > 0 && !isHouseAccount(input.to)) {
        await insertLot(trx, {
          user_id: input.to,
          transfer_id: inserted.id,
          amount: bought,
          issued_at: now,
          expires_at: lotExpiry(rules.lotPolicy, now),
        });
      }
      const written = fromPurchased > 0 ? await setPurchasedAmount(trx, inserted.id, fromPurchased) : inserted;
      await onCommit?.(trx, written);
      // Both users' screens follow the balance: the event leaves only with the committed transfer.
      const users = [input.from, input.to].filter((id) => !isHouseAccount(id));
      if (users.length > 0) {
        await enqueueEvent(trx, events.balanceChanged, `balance:${written.id}`, { user_ids: users }, now);
      }
      return { status: 'done' as const, transfer: written, replayed: false };
    });
    if (result.status === 'done' && !result.replayed) countMoved(input.kind, input.amount);
    return result;
  } catch (error) {
    if (error instanceof Insufficient) return { status: 'insufficient' };
    if (error instanceof MonthlyCap) return { status: 'monthly_cap' };
    if (error instanceof Frozen) return { status: 'frozen' };
    throw error;
  }
}

async function replay(trx: Transaction<PointsDb>, input: TransferInput): Promise<TransferResult> {
  const existing = await findTransferByKey(trx, input.idempotencyKey);
  const same =
    existing.kind === input.kind &&
    existing.debit_account === input.from &&
    existing.credit_account === input.to &&
    existing.amount === input.amount;
  return same ? { status: 'done', transfer: existing, replayed: true } : { status: 'conflict' };
}
