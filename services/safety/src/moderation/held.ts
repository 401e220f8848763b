import { randomUUID } from 'node:crypto';

import { events, type EventPayload } from '@honne/contracts/events';
import { AppError, enqueueEvent, notFound } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { appendAudit } from '../db/repos/audit.ts';
import { findReport, setReportState } from '../db/repos/reports.ts';
import { findSubject } from '../db/repos/subjects.ts';
import { safetyRelay } from '../events/outbox.ts';
import { fileReport } from './reports.ts';

// Messages the filter held or flagged (ADR 0028) enter the queue like a report: subject the message,
// the text frozen as evidence at filing. A held one waits undelivered in chat until an operator
// releases it (chat delivers it) or discards it (chat deletes it); a flagged one was delivered.

const sourceRef = (action: 'hold' | 'flag', messageId: string) => `filter-${action}:${messageId}`;

/** Whether a report is a held message's (not a flagged one's, which was delivered). */
export const isHeldRef = (source: string, ref: string) => source === 'filter' && ref.startsWith('filter-hold:');

export const onMessageFiltered = (ctx: AppContext, e: EventPayload<typeof events.chatMessageFiltered>) =>
  fileReport(ctx, {
    source: 'filter',
    sourceRef: sourceRef(e.action, e.message_id),
    subject: { kind: 'message', ref: e.message_id, userId: e.sender_id },
    reporterId: null,
    content: `${e.action === 'hold' ? '保留' : '要確認'}: ${e.entries.join('、')}`,
    at: new Date(e.at),
    evidence: [
      {
        kind: 'message',
        payload: {
          message_id: e.message_id,
          room_id: e.room_id,
          sender_id: e.sender_id,
          receiver_id: e.receiver_id,
          text: e.text,
          action: e.action,
          entries: e.entries,
          at: e.at,
        },
      },
    ],
  });

/** Release (deliver) or discard (delete) a held message: closes its report, audited, and tells chat. */
export async function decideHeld(ctx: AppContext, by: string, reportId: string, release: boolean) {
  const report = await findReport(ctx.db, reportId);
  if (!report) throw notFound();
  const subject = (await findSubject(ctx.db, report.subject_id))!;
  if (report.source !== 'filter' || report.source_ref !== sourceRef('hold', subject.ref_id)) {
    throw new AppError(409, 'not_held', 'この通報は保留中のメッセージではありません。');
  }
  if (report.state === 'closed') throw new AppError(409, 'report_closed', 'この通報は対応済みです。');
  const now = ctx.clock.now();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const row = (await setReportState(trx, report.id, 'closed', { closed_at: now }))!;
    const eventId = randomUUID();
    await enqueueEvent(
      trx,
      events.heldMessageDecided,
      `${events.heldMessageDecided.subject}:${eventId}`,
      { event_id: eventId, message_id: subject.ref_id, release, at: now.toISOString() },
      now,
    );
    await appendAudit(trx, {
      actor: by,
      action: release ? 'filter.release' : 'filter.discard',
      target: report.id,
      detail: { message_id: subject.ref_id },
      at: now,
    });
    return row;
  });
  await safetyRelay(ctx).now();
  return { ...closed, subject_kind: subject.kind, subject_ref: subject.ref_id };
}
