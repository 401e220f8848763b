/**
 * The ledger's rules, with no I/O. A transfer moves `amount` points from one account to another in
 * one row (double entry: the debit and the credit are the two sides of that row), so the sum over
 * all accounts, house accounts included, is zero by construction.
 */

import { HOUSE } from '../db/schema/ledger.ts';

export const TRANSFER_KINDS = [
  'grant',
  'purchase',
  'gift',
  'chat_fee',
  /** A bonus the payer of a paid chat chose to pay the owner (walk #18: not a second chat fee). */
  'chat_bonus',
  'call_minute',
  'refund',
  'adjustment',
  'expiry',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export { HOUSE };

export const isHouseAccount = (account: string): boolean => account.startsWith('house:');

/** Points given for free count as earned; only purchased points sit in lots. */
export const isPurchaseKind = (kind: TransferKind): boolean => kind === 'purchase';

export interface Lot {
  id: string;
  issued_at: Date;
  remaining: number;
}

export interface DebitPlan {
  /** Taken from purchased lots, oldest first. */
  fromLots: { id: string; take: number }[];
  fromPurchased: number;
  fromEarned: number;
}

/**
 * How a user pays `amount`: purchased points first, oldest lot first (so the least of them is
 * left unused on a reporting date or expires), then earned points. `undefined` when the balance
 * is short: the caller refuses the transfer and writes nothing.
 */
export function planDebit(balance: number, lots: readonly Lot[], amount: number): DebitPlan | undefined {
  if (amount > balance) return undefined;
  const fromLots: DebitPlan['fromLots'] = [];
  let left = amount;
  for (const lot of [...lots].sort((a, b) => a.issued_at.getTime() - b.issued_at.getTime())) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    if (take > 0) fromLots.push({ id: lot.id, take });
    left -= take;
  }
  const fromPurchased = amount - left;
  return { fromLots, fromPurchased, fromEarned: left };
}

export type LotPolicy = 'expire' | 'report';

/** Under the expire policy a purchased lot is usable for this long, so it is no prepaid instrument. */
export const LOT_LIFETIME_DAYS = 180;
/** The user is reminded this long before a lot expires. */
export const LOT_REMINDER_DAYS = 30;
const DAY_MS = 86_400_000;

export function lotExpiry(policy: LotPolicy, issuedAt: Date): Date | null {
  return policy === 'expire' ? new Date(issuedAt.getTime() + LOT_LIFETIME_DAYS * DAY_MS) : null;
}

export function lotNeedsReminder(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt > now && expiresAt.getTime() - now.getTime() <= LOT_REMINDER_DAYS * DAY_MS;
}

const JST_MS = 9 * 3_600_000;

/**
 * A report's base date from 'YYYY-MM-DD' (31 March or 30 September only), with the instant its day
 * ends in Japan: movements before that instant count. undefined for any other date.
 */
export function baseDateFrom(text: string): { date: string; endsAt: Date } | undefined {
  const m = /^(\d{4})-(03-31|09-30)$/.exec(text);
  if (!m) return undefined;
  const [month, day] = m[2] === '03-31' ? [2, 31] : [8, 30];
  return { date: text, endsAt: new Date(Date.UTC(Number(m[1]), month, day + 1) - JST_MS) };
}

/** The latest base date whose day has ended in Japan by `now`, as 'YYYY-MM-DD'. */
export function latestEndedBaseDate(now: Date): string {
  const jst = new Date(now.getTime() + JST_MS);
  const y = jst.getUTCFullYear();
  const md = jst.toISOString().slice(5, 10);
  if (md > '09-30') return `${y}-09-30`;
  if (md > '03-31') return `${y}-03-31`;
  return `${y - 1}-09-30`;
}

/** Japan's reporting threshold: an unused prepaid balance above ¥10,000,000 on a base date is reported, half deposited. */
export const REPORT_THRESHOLD_YEN = 10_000_000;

/** The base dates of the unused-balance report (31 March and 30 September), latest on or before `now`. */
export function latestBaseDate(now: Date): Date {
  const y = now.getUTCFullYear();
  const candidates = [new Date(Date.UTC(y, 8, 30)), new Date(Date.UTC(y, 2, 31)), new Date(Date.UTC(y - 1, 8, 30))];
  return candidates.find((d) => d <= now)!;
}

export const MAX_TRANSFER = 1_000_000;

export function validAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_TRANSFER;
}
