import { every, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { negativeUserAccounts, sumOfAllAccounts } from '../db/repos/ledger.ts';
import { booksBalanced, negativeAccounts } from '../ledger/metrics.ts';

const CHECK_MS = 60_000;

/**
 * Every minute: the sum over all accounts is zero (double entry: what the house issued is what
 * people hold) and nobody's balance is below zero. The result is a gauge the SLO alert reads; a
 * failure is logged loudly with the figures.
 */
export async function checkBooks(ctx: AppContext): Promise<boolean> {
  const [sum, negative] = await Promise.all([sumOfAllAccounts(ctx.db), negativeUserAccounts(ctx.db)]);
  const balanced = sum === 0 && negative === 0;
  booksBalanced.set(balanced ? 1 : 0);
  negativeAccounts.set(negative);
  if (!balanced) ctx.log.error({ sum, negative }, 'the books do not balance');
  return balanced;
}

export function startBooksCheck(ctx: AppContext): PeriodicJob {
  // At once too: until the first check the gauge would read 0, "not balanced".
  void checkBooks(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'books check failed'));
  return every(CHECK_MS, 'books-check', ctx.log, () => checkBooks(ctx));
}
