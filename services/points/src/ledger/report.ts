import { messages } from '@honne/contracts/messages';
import type { UnusedReport } from '@honne/contracts/points';
import { fieldErrors } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { unusedPurchasedAt } from '../db/repos/lots.ts';
import { baseDateFrom, latestEndedBaseDate, REPORT_THRESHOLD_YEN } from '../domain/ledger.ts';

/**
 * The unused purchased balance on a base date (資金決済法), rebuilt from the transfer rows, so any
 * past base date can be reported at any time. The operator API and the CLI both call this.
 */
export async function unusedBalanceReport(ctx: AppContext, baseDate?: string): Promise<UnusedReport> {
  const base = baseDateFrom(baseDate ?? latestEndedBaseDate(ctx.clock.now()));
  if (!base) throw fieldErrors({ base_date: messages.baseDateInvalid });
  const unused = await unusedPurchasedAt(ctx.db, new Date(base.endsAt.getTime() - 1));
  const required = unused > REPORT_THRESHOLD_YEN;
  return {
    base_date: base.date,
    policy: ctx.config.lotPolicy ?? 'expire',
    unused_purchased: unused,
    threshold: REPORT_THRESHOLD_YEN,
    report_required: required,
    deposit_required: required ? Math.ceil(unused / 2) : 0,
  };
}
