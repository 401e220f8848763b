import { productCounter, productGauge } from '@honne/service-kit';

// The money as operators watch it (issue 29): what moved, by kind; and whether the books hold.

const moved = productCounter('honne_points_moved_total', 'Points moved by committed transfers, by kind', ['kind']);
const transfers = productCounter('honne_points_transfers_total', 'Committed transfers, by kind', ['kind']);
/** The SLO "the ledger's books balance": 1 while every account sums to zero and no person is below it. */
export const booksBalanced = productGauge('honne_ledger_books_balanced', 'The books check: 1 balanced, 0 not', []);
export const negativeAccounts = productGauge(
  'honne_ledger_negative_accounts',
  "People's accounts below zero at the last books check",
  [],
);

export function countMoved(kind: string, amount: number): void {
  moved.inc({ kind }, amount);
  transfers.inc({ kind });
}
