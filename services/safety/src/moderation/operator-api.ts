import {
  type events,
  requests,
  type EventPayload,
  type RequestDef,
  type RequestPayload,
} from '@honne/contracts/events';
import type { GrantBody, PurchaseEventsQuery, UnusedReportQuery } from '@honne/contracts/points';
import type { ExpertRequestsQuery, RankBody } from '@honne/contracts/accounts';
import { askOperatorRequest } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { appendAudit, appendAuditOnce, type AuditInput } from '../db/repos/audit.ts';

// The points operator API under the console's accounts and keys (ADR 0034): safety has already
// checked the operator against the endpoint's permission; the owner (points, accounts) does the
// work over the bus, and what it did is audited here, by the operator's name. An owner's refusal
// (a reused grant key, an unknown user) is passed on as it answered, and not audited: nothing changed.

const POINTS_DOWN = 'ポイントのサービスが応答しません。しばらくしてからやり直してください。';
const ACCOUNTS_DOWN = 'アカウントのサービスが応答しません。しばらくしてからやり直してください。';

export async function grantPoints(ctx: AppContext, by: string, grant: GrantBody) {
  const result = await askOperatorRequest(ctx.bus, requests.pointsOperatorGrant, { actor: by, grant }, POINTS_DOWN);
  // A grant that moved points is audited from points' own event (onPointsGranted), written with the
  // transfer. A replayed one moved nothing and publishes nothing: recorded here all the same, since
  // someone asked for money again.
  if (result.replayed) {
    await appendAudit(ctx.db, {
      actor: by,
      action: 'points.grant.replayed',
      target: grant.user_id,
      detail: {
        amount: grant.amount,
        reason: grant.reason,
        idempotency_key: grant.idempotency_key,
        transfer_id: result.transfer_id,
      },
      at: ctx.clock.now(),
    });
  }
  return result;
}

/**
 * The audit entry of a grant, from points' durable event (console, API key or CLI alike), once per
 * transfer however often the event is delivered.
 */
export async function onPointsGranted(ctx: AppContext, e: EventPayload<typeof events.pointsGranted>) {
  await appendAuditOnce(ctx.db, `points.grant:${e.transfer_id}`, {
    actor: e.actor,
    action: 'points.grant',
    target: e.user_id,
    detail: { amount: e.amount, reason: e.reason, idempotency_key: e.idempotency_key, transfer_id: e.transfer_id },
    at: new Date(e.at),
  });
}

/**
 * Asks the owner over the bus and audits what it did, by the operator's name. A refusal or an owner
 * that does not answer throws before the audit: nothing changed, so nothing is recorded.
 */
async function askAndAudit<R extends RequestDef>(
  ctx: AppContext,
  by: string,
  [def, payload, down]: [R, RequestPayload<R>, string],
  audit: (result: Awaited<ReturnType<typeof askOperatorRequest<R>>>) => Omit<AuditInput, 'actor' | 'at'>,
) {
  const result = await askOperatorRequest(ctx.bus, def, payload, down);
  await appendAudit(ctx.db, { actor: by, ...audit(result), at: ctx.clock.now() });
  return result;
}

/** The money reports are read, not changed; reading them is audited like evidence is. */
export const unusedReport = (ctx: AppContext, by: string, query: UnusedReportQuery) =>
  askAndAudit(ctx, by, [requests.pointsOperatorUnusedReport, query, POINTS_DOWN], () => ({
    action: 'points.report.read',
    detail: query,
  }));

export const purchaseEvents = (ctx: AppContext, by: string, query: PurchaseEventsQuery) =>
  askAndAudit(ctx, by, [requests.pointsOperatorPurchases, query, POINTS_DOWN], (rows) => ({
    action: 'points.purchases.read',
    detail: { status: query.status ?? 'unresolved', count: rows.length },
  }));

export const setRank = (ctx: AppContext, by: string, userId: string, rank: RankBody) =>
  askAndAudit(ctx, by, [requests.accountsOperatorRank, { actor: by, user_id: userId, rank }, ACCOUNTS_DOWN], () => ({
    action: 'rank.set',
    target: userId,
    detail: rank,
  }));

/** The expert requests waiting; a list of names to answer, so reading it is not audited (answering is). */
export const expertRequests = (ctx: AppContext, query: ExpertRequestsQuery) =>
  askOperatorRequest(ctx.bus, requests.accountsOperatorExpertRequests, query, ACCOUNTS_DOWN);

export const setExpert = (ctx: AppContext, by: string, userId: string, approve: boolean) =>
  askAndAudit(
    ctx,
    by,
    [requests.accountsOperatorExpert, { actor: by, user_id: userId, approve }, ACCOUNTS_DOWN],
    (result) => ({
      action: approve ? 'expert.approve' : 'expert.refuse',
      target: userId,
      detail: { is_approval: result.is_approval },
    }),
  );
