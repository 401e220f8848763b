import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * One row per user and per house account; the balance is the sum of the account's transfers (in
 * minus out), kept here so a debit can check and lock it in one place.
 */
export interface AccountTable {
  user_id: string;
  balance: ColumnType<number, number | undefined, number>;
  /** The part of the balance that was bought (and sits in lots); the rest was earned or granted. */
  purchased: ColumnType<number, number | undefined, number>;
  /** The person is under 18 (domain/spend-caps.ts): spends are checked against the monthly cap. */
  capped: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One movement: debits one account and credits another, idempotent by key. */
export interface TransferTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  debit_account: string;
  credit_account: string;
  amount: number;
  /** How much of the amount came out of the payer's purchased lots. */
  purchased_amount: ColumnType<number, number | undefined, number>;
  room_id: string | null;
  call_id: string | null;
  gift_id: string | null;
  /** Who made a grant or adjustment, and why: the audit trail of points entering by hand. */
  actor: string | null;
  reason: string | null;
  created_at: Date;
}

/** Purchased points by issue date, spent oldest first. */
export interface LotTable {
  id: Generated<string>;
  user_id: string;
  transfer_id: string;
  amount: number;
  remaining: number;
  issued_at: Date;
  expires_at: Date | null;
}

export type Transfer = Selectable<TransferTable>;
export type NewTransfer = Insertable<TransferTable>;

/**
 * House accounts hold the other side of every movement that does not go between two users. They
 * are the only accounts allowed below zero: `house:issued` goes negative by every point the app
 * has put into circulation.
 */
export const HOUSE = {
  /** Source of operator grants and adjustments in a user's favour. */
  issued: 'house:issued',
  /** Source of purchased points (the provider's money is outside the ledger). */
  sales: 'house:sales',
  /** Where purchased points go when their lot expires (資金決済法 expiry policy). */
  expired: 'house:expired',
  /** What a deleted user still held: their account goes, the books stay whole (the books check). */
  forfeited: 'house:forfeited',
  /** A moderator's refund the receiver could no longer pay (they had spent it): the house pays (ADR 0030). */
  refunds: 'house:refunds',
} as const;
