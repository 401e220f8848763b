import { events } from '@honne/contracts/events';
import { enqueueEvent } from '@honne/service-kit';
import type { Kysely, Transaction } from 'kysely';

import {
  findTransferByKey,
  insertTransferKey,
  lockPair,
  lotsWithPoints,
  openAccounts,
  writeTransfer,
} from '../db/repos/ledger.ts';
import { lockFamily } from '../db/repos/spend-caps.ts';
import type { PointsDb } from '../db/schema/index.ts';
import type { Transfer } from '../db/schema/ledger.ts';
import {
  isHouseAccount,
  isPurchaseKind,
  lotExpiry,
  planDebit,
  type DebitPlan,
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
/** An account of the pair did not exist yet: the attempt rolls back and runs again opening it first. */
class NewAccount extends Error {}

/**
 * Writes one transfer, or finds the one already written under its key. The payer's balance can
 * never go below zero: both accounts are locked (`FOR UPDATE`, in id order so two opposite
 * transfers cannot deadlock) before the rule in domain/ decides, and the CHECK constraints stand
 * behind it. See docs/adr/0006-ledger-row-locks.md and, for the round trips, 0039.
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
    let result: TransferResult;
    try {
      result = await attempt(db, input, now, rules, false, onCommit);
    } catch (error) {
      if (!(error instanceof NewAccount)) throw error;
      // Rare (accounts open at registration): the attempt held row locks when it found the pair
      // incomplete, so rather than open the account under them, out of id order, it rolled back and
      // this attempt opens both first, then locks them in order, as ADR 0006 has it.
      result = await attempt(db, input, now, rules, true, onCommit);
    }
    if (result.status === 'done' && !result.replayed) countMoved(input.kind, input.amount);
    return result;
  } catch (error) {
    if (error instanceof Insufficient) return { status: 'insufficient' };
    if (error instanceof MonthlyCap) return { status: 'monthly_cap' };
    if (error instanceof Frozen) return { status: 'frozen' };
    throw error;
  }
}

/**
 * One transaction: the key, the locks (with the payer's freeze), the lots only when the payer holds
 * purchased points, then every write in one statement. The rules decide here, in code, between the
 * reads and the write; the statements in db/repos only read facts and apply what was decided.
 */
function attempt(
  db: Kysely<PointsDb>,
  input: TransferInput,
  now: Date,
  rules: LedgerRules,
  openFirst: boolean,
  onCommit?: (trx: Transaction<PointsDb>, transfer: Transfer) => Promise<void>,
): Promise<TransferResult> {
  return db.transaction().execute(async (trx) => {
    const row = {
      idempotency_key: input.idempotencyKey,
      kind: input.kind,
      debit_account: input.from,
      credit_account: input.to,
      amount: input.amount,
      purchased_amount: 0,
      room_id: input.roomId ?? null,
      call_id: input.callId ?? null,
      gift_id: input.giftId ?? null,
      actor: input.actor ?? null,
      reason: input.reason ?? null,
      created_at: now,
    };
    // The key goes in first: a concurrent write of the same key waits here for this one to end.
    const id = await insertTransferKey(trx, row);
    if (id === undefined) return replay(trx, input);

    if (openFirst) await openAccounts(trx, [input.from, input.to], now);
    const accounts = await lockPair(trx, input.from, input.to, now);
    // from <> to (a CHECK on transfers), so two rows, or an account is new.
    if (accounts.length < 2) throw new NewAccount();
    const payer = accounts.find((a) => a.user_id === input.from)!;

    let plan: DebitPlan = { fromLots: [], fromPurchased: 0, fromEarned: input.amount };
    if (!isHouseAccount(input.from)) {
      // `purchased` is the sum of the payer's lots' remaining points (every write to a lot moves it
      // with them, under this lock), so at 0 there is no lot to read.
      const lots = Number(payer.purchased) > 0 ? await lotsWithPoints(trx, input.from) : [];
      const usable = lots.filter((l) => l.expires_at === null || l.expires_at > now);
      // Expired points still in the balance until the sweep moves them out are not spendable.
      const expired = lots.reduce(
        (sum, l) => sum + (l.expires_at !== null && l.expires_at <= now ? l.remaining : 0),
        0,
      );
      const debit = planDebit(Number(payer.balance) - expired - (input.keep ?? 0), usable, input.amount);
      // A frozen person spends nothing (ADR 0030); what they receive still comes in and waits.
      if (isSpendKind(input.kind) && payer.frozen) throw new Frozen();
      if (!debit) throw new Insufficient();
      if (payer.capped && rules.minorCaps && isSpendKind(input.kind)) {
        const person = await capOf(trx, input.from, rules.minorCaps);
        if (person.cap !== null) {
          await lockFamily(trx, person.family);
          const spent = await spentThisMonth(trx, person, now);
          // The sum counts this transfer's own row, already in (the key goes first).
          if (spent > person.cap) throw new MonthlyCap();
        }
      }
      plan = debit;
    }

    const bought = isPurchaseKind(input.kind) ? input.amount : 0;
    const newLot = bought > 0 && !isHouseAccount(input.to) ? { expiresAt: lotExpiry(rules.lotPolicy, now) } : null;
    const wrote = await writeTransfer(trx, {
      transferId: id,
      from: input.from,
      to: input.to,
      amount: input.amount,
      fromLots: plan.fromLots,
      fromPurchased: plan.fromPurchased,
      bought,
      newLot,
      now,
    });
    // The statement applies what was decided; anything else is a bug, and the transaction rolls back.
    const planned = {
      lots: plan.fromLots.length,
      accounts: 2,
      new_lots: newLot ? 1 : 0,
      priced: plan.fromPurchased > 0 ? 1 : 0,
    };
    if (Object.entries(planned).some(([k, n]) => wrote[k as keyof typeof planned] !== n)) {
      throw new Error(`transfer ${id}: wrote ${JSON.stringify(wrote)}, planned ${JSON.stringify(planned)}`);
    }
    const written: Transfer = { ...row, id, purchased_amount: plan.fromPurchased };
    await onCommit?.(trx, written);
    // Both users' screens follow the balance: the event leaves only with the committed transfer.
    const users = [input.from, input.to].filter((user) => !isHouseAccount(user));
    if (users.length > 0) {
      await enqueueEvent(trx, events.balanceChanged, `balance:${id}`, { user_ids: users }, now);
    }
    return { status: 'done' as const, transfer: written, replayed: false };
  });
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
