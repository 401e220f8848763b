import type { Approval } from '@honne/contracts/safety';
import { sql, type Kysely } from 'kysely';

import type { ApprovalRow, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

/**
 * Records a request for a second operator, or finds the one already pending for the same action
 * on the same report or subject (a double click asks once).
 */
export async function requestApproval(db: Db, row: Omit<ApprovalRow, 'state' | 'decided_by' | 'decided_at'>) {
  const inserted = await db
    .insertInto('approvals')
    .values({ ...row, body: JSON.stringify(row.body), state: 'pending', decided_by: null, decided_at: null })
    .onConflict((oc) =>
      oc
        .expression(sql`action, coalesce(report_id, ''), coalesce(subject_id, '')`)
        .where('state', '=', 'pending')
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('action', '=', row.action)
    .where('state', '=', 'pending')
    .where(sql<boolean>`coalesce(report_id, '') = ${row.report_id ?? ''}`)
    .where(sql<boolean>`coalesce(subject_id, '') = ${row.subject_id ?? ''}`)
    .executeTakeFirstOrThrow();
}

export const findApproval = (db: Db, id: string) =>
  db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();

/** Pending first (oldest first), then the latest decided. */
export const listApprovals = (db: Db, limit: number) =>
  db
    .selectFrom('approvals')
    .selectAll()
    .orderBy(sql`state = 'pending'`, 'desc')
    .orderBy(sql`case when state = 'pending' then requested_at end`, 'asc')
    .orderBy('decided_at', 'desc')
    .limit(limit)
    .execute();

/** Decides a pending request; undefined when it is no longer pending (another operator was first). */
export const decideApproval = (
  db: Db,
  id: string,
  state: 'approved' | 'rejected' | 'pending',
  by: string | null,
  at: Date | null,
  from = 'pending',
) =>
  db
    .updateTable('approvals')
    .set({ state, decided_by: by, decided_at: at })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();

export const approvalView = (a: ApprovalRow): Approval => ({
  id: a.id,
  action: a.action as Approval['action'],
  subject_id: a.subject_id,
  report_id: a.report_id,
  amount: a.amount,
  reason: a.reason,
  requested_by: a.requested_by,
  requested_at: a.requested_at.toISOString(),
  state: a.state as Approval['state'],
  decided_by: a.decided_by,
  decided_at: a.decided_at?.toISOString() ?? null,
});
