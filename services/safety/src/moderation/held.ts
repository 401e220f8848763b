import { randomUUID } from 'node:crypto';

import { events, type EventPayload } from '@honne/contracts/events';
import { AppError, enqueueEvent, notFound } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { appendAudit } from '../db/repos/audit.ts';
import { findReport, setReportState } from '../db/repos/reports.ts';
import { findSubject } from '../db/repos/subjects.ts';
import { safetyRelay } from '../events/outbox.ts';
import { fileReport } from './reports.ts';

// Messages (ADR 0028) and voices (ADR 0037) the filter held or flagged enter the queue like a report:
// subject the message or voice, the text frozen as evidence at filing. A held one waits undelivered
// (a voice: shown to its poster only) until an operator releases it (delivered, shown) or discards
// it (deleted); a flagged one was delivered.

const sourceRef = (action: 'hold' | 'flag', ref: string) => `filter-${action}:${ref}`;

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

/** A voice the filter held (shown to its poster only) or flagged (shown), ADR 0037: the same queue. */
export const onVoiceFiltered = (ctx: AppContext, e: EventPayload<typeof events.voiceFiltered>) =>
  fileReport(ctx, {
    source: 'filter',
    sourceRef: sourceRef(e.action, e.topic_id),
    subject: { kind: 'voice', ref: e.topic_id, userId: e.poster_id },
    reporterId: null,
    content: `${e.action === 'hold' ? '保留' : '要確認'}: ${e.entries.join('、')}`,
    at: new Date(e.at),
    evidence: [
      {
        kind: 'voice',
        payload: {
          topic_id: e.topic_id,
          thread_id: e.thread_id,
          poster_id: e.poster_id,
          title: e.title,
          detail: e.detail,
          comment: e.comment,
          action: e.action,
          entries: e.entries,
          at: e.at,
        },
      },
    ],
  });

/**
 * A theme name or a character's name, forbidden matters or self-PR saved with a `flag` entry
 * (ADR 0037): queued about the character who wrote it, the text frozen. Shown already, so nothing
 * to release (a hold word is refused there).
 */
export const onTextFlagged = (ctx: AppContext, e: EventPayload<typeof events.profileTextFlagged>) =>
  fileReport(ctx, {
    source: 'filter',
    sourceRef: `filter-flag-text:${e.event_id}`,
    subject: { kind: 'character', ref: e.user_id, userId: e.user_id },
    reporterId: null,
    content: `要確認（${e.where === 'theme' ? 'テーマ名' : 'プロフィール'}）: ${e.entries.join('、')}`,
    at: new Date(e.at),
    evidence: [{ kind: 'text', payload: e }],
  });

/**
 * Release (deliver or show) or discard (delete) a held message or voice: closes its report, audited,
 * and tells the service that keeps it (chat for a message, topics for a voice).
 */
export async function decideHeld(ctx: AppContext, by: string, reportId: string, release: boolean) {
  const report = await findReport(ctx.db, reportId);
  if (!report) throw notFound();
  const subject = (await findSubject(ctx.db, report.subject_id))!;
  if (report.source !== 'filter' || report.source_ref !== sourceRef('hold', subject.ref_id)) {
    throw new AppError(409, 'not_held', 'この通報はフィルターが保留した投稿ではありません。');
  }
  if (report.state === 'closed') throw new AppError(409, 'report_closed', 'この通報は対応済みです。');
  const now = ctx.clock.now();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const row = (await setReportState(trx, report.id, 'closed', { closed_at: now }))!;
    const eventId = randomUUID();
    const at = now.toISOString();
    if (subject.kind === 'voice')
      await enqueueEvent(
        trx,
        events.heldVoiceDecided,
        `${events.heldVoiceDecided.subject}:${eventId}`,
        { event_id: eventId, topic_id: subject.ref_id, release, at },
        now,
      );
    else
      await enqueueEvent(
        trx,
        events.heldMessageDecided,
        `${events.heldMessageDecided.subject}:${eventId}`,
        { event_id: eventId, message_id: subject.ref_id, release, at },
        now,
      );
    await appendAudit(trx, {
      actor: by,
      action: release ? 'filter.release' : 'filter.discard',
      target: report.id,
      detail: { [subject.kind === 'voice' ? 'topic_id' : 'message_id']: subject.ref_id },
      at: now,
    });
    return row;
  });
  await safetyRelay(ctx).now();
  return { ...closed, subject_kind: subject.kind, subject_ref: subject.ref_id };
}
