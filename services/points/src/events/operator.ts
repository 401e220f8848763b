import { requests } from '@honne/contracts/events';
import { operatorOutcome, serviceQueue, type Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { purchaseEventsIn } from '../db/repos/purchases.ts';
import { grantPoints } from '../ledger/grant.ts';
import { unusedBalanceReport } from '../ledger/report.ts';

/**
 * The points operator API (ADR 0034): the console's operators reach it through safety, which
 * checks their session or key against `points.grant` / `points.read` and audits; points does the
 * work here and answers its refusals (409 on a reused key, unknown user) for safety to pass on.
 */
export function respondOperator(ctx: AppContext): Subscription[] {
  return [
    ctx.bus.respond(
      requests.pointsOperatorGrant,
      (r) => operatorOutcome(() => grantPoints(ctx, r.grant, r.actor)),
      serviceQueue(ctx),
    ),
    ctx.bus.respond(
      requests.pointsOperatorUnusedReport,
      (q) => operatorOutcome(() => unusedBalanceReport(ctx, q.base_date)),
      serviceQueue(ctx),
    ),
    // The provider's checkout events by status: operators resolve the 'unresolved' ones by hand.
    ctx.bus.respond(
      requests.pointsOperatorPurchases,
      (q) =>
        operatorOutcome(async () => {
          const rows = await purchaseEventsIn(ctx.db, q.status ?? 'unresolved', q.limit ?? 100);
          return rows.map((r) => ({ ...r, received_at: new Date(r.received_at).toISOString() }));
        }),
      serviceQueue(ctx),
    ),
  ];
}
