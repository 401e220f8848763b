import { randomUUID } from 'node:crypto';

import { requests } from '@honne/contracts/events';
import { ROLE_PERMISSIONS, type ActionBody, type Approval, type RefundResult } from '@honne/contracts/safety';
import { AppError, notFound } from '@honne/service-kit';

import { DEFAULT_REFUND_APPROVAL_ABOVE } from '../config.ts';
import type { AppContext } from '../context.ts';
import { approvalView, decideApproval, findApproval } from '../db/repos/approvals.ts';
import { appendAudit } from '../db/repos/audit.ts';
import { charactersOf } from '../db/repos/people.ts';
import { findReport } from '../db/repos/reports.ts';
import { appendEvent, findSubject } from '../db/repos/subjects.ts';
import type { ApprovalRow, ReportRow } from '../db/schema/index.ts';
import type { ConsoleActor } from '../domain/permissions.ts';
import { act } from './actions.ts';
import { askSecondOperator } from './second-operator.ts';

const NO_ROOM = 'この通報には返金できるチャット・通話がありません。';
const NOTHING = '返金できる支払いはありません（返金済みを含みます）。';

/** Asks points over the bus; a points service that does not answer is the operator's 503 to retry. */
async function askPoints(ctx: AppContext, r: ReportRow, by: string, reason: string, dryRun: boolean) {
  try {
    return await ctx.bus.request(requests.pointsRoomRefund, {
      room_id: r.room_id!,
      actor: by,
      reason,
      dry_run: dryRun,
    });
  } catch (err) {
    ctx.log.error({ err, report: r.id }, 'points did not answer points.room.refund');
    throw new AppError(
      503,
      'points_unavailable',
      'ポイントのサービスが応答しません。しばらくしてからやり直してください。',
    );
  }
}

/**
 * A moderator's refund of a reported paid chat or call (ADR 0030): what points would refund of
 * the report's room is quoted first; above the threshold the request waits for a second
 * operator, otherwise it is refunded now. Points keys each refund by the movement it returns, so
 * a double click or a retry refunds once (the second finds nothing left: 409).
 */
export async function refundReport(
  ctx: AppContext,
  by: string,
  reportId: string,
  body: { reason: string; note?: string | undefined },
): Promise<RefundResult> {
  const report = await findReport(ctx.db, reportId);
  if (!report) throw notFound();
  if (!report.room_id) throw new AppError(409, 'no_room', NO_ROOM);
  const quote = await askPoints(ctx, report, by, body.reason, true);
  if (quote.total === 0) throw new AppError(409, 'nothing_to_refund', NOTHING);
  const threshold = ctx.config.refundApprovalAbove ?? DEFAULT_REFUND_APPROVAL_ABOVE;
  if (quote.total > threshold) {
    const approval = await askSecondOperator(ctx, by, {
      action: 'refund',
      subject_id: report.subject_id,
      report_id: report.id,
      amount: quote.total,
      reason: body.reason,
      body: { note: body.note ?? null },
    });
    return { state: 'pending', amount: approval.amount ?? quote.total, approval: approvalView(approval) };
  }
  const amount = await runRefund(ctx, by, report, body.reason, body.note ?? null, null);
  return { state: 'done', amount, approval: null };
}

/** Refunds now, and records it as an event on the report's subject and in the audit log. */
async function runRefund(
  ctx: AppContext,
  by: string,
  report: ReportRow,
  reason: string,
  note: string | null,
  approvalId: string | null,
): Promise<number> {
  const done = await askPoints(ctx, report, by, reason, false);
  // A concurrent request (a double click) refunded it all first: this one did nothing.
  if (done.total === 0 && approvalId === null) throw new AppError(409, 'nothing_to_refund', NOTHING);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const event = await appendEvent(trx, {
      id: randomUUID(),
      subject_id: report.subject_id,
      action: 'refund',
      actor: by,
      reason,
      policy: null,
      severity: null,
      note: [`${done.total.toLocaleString('ja-JP')} pt を返金`, note].filter(Boolean).join('\n'),
      expires_at: null,
      report_id: report.id,
      created_at: now,
    });
    await appendAudit(trx, {
      actor: by,
      action: 'action.refund',
      target: report.subject_id,
      detail: {
        event_id: event.id,
        report_id: report.id,
        room_id: report.room_id,
        total: done.total,
        approval_id: approvalId,
        items: done.items,
      },
      at: now,
    });
  });
  return done.total;
}

/** Only an operator (not a key) other than the requester, whose role holds the action's permission. */
function assertMayDecide(actor: ConsoleActor, by: string, approval: ApprovalRow): void {
  if (actor.kind !== 'operator') {
    throw new AppError(403, 'operator_required', '承認・却下は運営者のアカウントでのみ行えます。');
  }
  if (approval.requested_by === by) {
    throw new AppError(403, 'same_operator', '自分が申請した操作は承認・却下できません。別の運営者が行ってください。');
  }
  const needs = approval.action === 'ban' ? 'action.ban' : 'action.moderate';
  if (!ROLE_PERMISSIONS[actor.role].includes(needs))
    throw new AppError(403, 'forbidden', 'この操作の権限がありません。');
}

/** A second operator approves: the action takes effect now (once, however many click). */
export async function approve(ctx: AppContext, actor: ConsoleActor, by: string, id: string): Promise<Approval> {
  const approval = await findApproval(ctx.db, id);
  if (!approval) throw notFound();
  assertMayDecide(actor, by, approval);
  const claimed = await decideApproval(ctx.db, id, 'approved', by, ctx.clock.now());
  if (!claimed) throw new AppError(409, 'already_decided', 'この申請はすでに処理されています。');
  try {
    if (approval.action === 'refund') {
      const report = (await findReport(ctx.db, approval.report_id!))!;
      await runRefund(ctx, by, report, approval.reason, (approval.body.note as string | null) ?? null, id);
    } else {
      await act(ctx, by, approval.subject_id!, 'ban', approval.body as ActionBody, {
        approvedRequestOf: approval.requested_by,
      });
    }
  } catch (err) {
    // Not carried out (points down, …): pending again, for the same or another approver to retry.
    await decideApproval(ctx.db, id, 'pending', null, null, 'approved');
    throw err;
  }
  await appendAudit(ctx.db, {
    actor: by,
    action: 'approval.approve',
    target: id,
    detail: { action: approval.action, requested_by: approval.requested_by },
    at: ctx.clock.now(),
  });
  return approvalView(claimed);
}

export async function reject(
  ctx: AppContext,
  actor: ConsoleActor,
  by: string,
  id: string,
  note?: string,
): Promise<Approval> {
  const approval = await findApproval(ctx.db, id);
  if (!approval) throw notFound();
  assertMayDecide(actor, by, approval);
  const decided = await decideApproval(ctx.db, id, 'rejected', by, ctx.clock.now());
  if (!decided) throw new AppError(409, 'already_decided', 'この申請はすでに処理されています。');
  await appendAudit(ctx.db, {
    actor: by,
    action: 'approval.reject',
    target: id,
    detail: { action: approval.action, requested_by: approval.requested_by, note: note ?? null },
    at: ctx.clock.now(),
  });
  return approvalView(decided);
}

/**
 * The console's points view of a person, found by any subject of theirs (the person's own id is
 * accounts' and stays out of URLs, as for the person view): asked of points for each character.
 */
export async function personPoints(ctx: AppContext, subjectId: string) {
  const personId = (await findSubject(ctx.db, subjectId))?.person_id;
  if (!personId) throw notFound();
  const characters = await charactersOf(ctx.db, personId);
  const ids = characters.length > 0 ? characters : [personId];
  try {
    return await ctx.bus.request(requests.pointsPersonView, { user_ids: ids.slice(0, 10) });
  } catch (err) {
    ctx.log.error({ err }, 'points did not answer points.person.view');
    throw new AppError(
      503,
      'points_unavailable',
      'ポイントのサービスが応答しません。しばらくしてからやり直してください。',
    );
  }
}
