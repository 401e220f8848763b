import { randomUUID } from 'node:crypto';

import type { AppContext } from '../context.ts';
import { requestApproval } from '../db/repos/approvals.ts';
import { appendAudit } from '../db/repos/audit.ts';
import type { ApprovalRow } from '../db/schema/index.ts';

/**
 * Records an action that needs a second operator (ADR 0030: any ban, a refund above the
 * threshold) as pending, with its audit entry; a second request for the same action on the same
 * report or subject finds the pending one (a double click asks once).
 */
export async function askSecondOperator(
  ctx: AppContext,
  by: string,
  request: Pick<ApprovalRow, 'action' | 'subject_id' | 'report_id' | 'amount' | 'reason' | 'body'>,
): Promise<ApprovalRow> {
  const now = ctx.clock.now();
  const approval = await requestApproval(ctx.db, { ...request, id: randomUUID(), requested_by: by, requested_at: now });
  await appendAudit(ctx.db, {
    actor: by,
    action: 'approval.request',
    target: approval.id,
    detail: {
      action: request.action,
      subject_id: request.subject_id,
      report_id: request.report_id,
      amount: request.amount,
    },
    at: now,
  });
  return approval;
}
