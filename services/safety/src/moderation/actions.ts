import { randomUUID } from 'node:crypto';

import { events, type EventDef, type EventPayload } from '@honne/contracts/events';
import { OUTCOME_NOTES, SAFETY_LIMITS, type ActionBody, type ActionName } from '@honne/contracts/safety';
import { AppError, enqueueEvent, fieldErrors, notFound } from '@honne/service-kit';
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import { approvalView } from '../db/repos/approvals.ts';
import { appendAudit } from '../db/repos/audit.ts';
import { insertNotice } from '../db/repos/notices.ts';
import { charactersOf, findCharacter, setMutedReporter } from '../db/repos/people.ts';
import { findReport, setReportState } from '../db/repos/reports.ts';
import { appendEvent, ensureSubject, eventsOf, findSubject, findSubjectByRef } from '../db/repos/subjects.ts';
import type { EventRow, SafetyDb, SubjectRow } from '../db/schema/index.ts';
import { APPEALABLE, noticeFor } from '../domain/notices.ts';
import { deriveStatus, OPTIONALLY_TIMED, PERSON_ACTIONS, TIMED_ACTIONS } from '../domain/status.ts';
import { safetyRelay } from '../events/outbox.ts';
import { askSecondOperator } from './second-operator.ts';

const DAY_MS = 24 * 3_600_000;

/**
 * What the reporter is told when an operator closes their report with this action: that action
 * was taken (never which, nor against whom), or that no violation was found; nothing for the
 * steps that do not decide (acknowledge, escalate) nor for reversals.
 */
const OUTCOME: Partial<Record<ActionName, keyof typeof OUTCOME_NOTES>> = {
  hide_voice: 'actioned',
  warn: 'actioned',
  mute: 'actioned',
  suspend: 'actioned',
  ban: 'actioned',
  delete_messages: 'actioned',
  dismiss: 'dismissed',
};

/** The restriction other services enforce for a person action (warn is a notice only). */
const RESTRICTION: Partial<Record<ActionName, EventPayload<typeof events.personRestricted>['restriction']>> = {
  mute: 'mute',
  suspend: 'suspend',
  ban: 'ban',
  lift: 'lift',
  freeze_points: 'freeze',
  unfreeze_points: 'unfreeze',
};

export const eventView = (e: EventRow) => ({
  id: e.id,
  subject_id: e.subject_id,
  action: e.action,
  actor: e.actor,
  reason: e.reason,
  policy: e.policy,
  severity: e.severity,
  note: e.note,
  expires_at: e.expires_at?.toISOString() ?? null,
  report_id: e.report_id,
  created_at: e.created_at.toISOString(),
});

/**
 * One operator action: an append-only event on the subject (on the person for warn, mute,
 * suspend, ban and lift: every character of theirs), the notice the person will see, the report
 * it answers closed with the reporter's outcome note, the audit entry, and — for restrictions and hidden voices — the durable
 * event accounts, calls and topics act on, all in one transaction (the outbox relays the event).
 */
export async function act(
  ctx: AppContext,
  actor: string,
  subjectId: string,
  action: ActionName,
  body: ActionBody,
  opts: { approvedRequestOf?: string } = {},
) {
  const subject = await findSubject(ctx.db, subjectId);
  if (!subject) throw notFound();
  // Any ban waits for a second operator (ADR 0030; moderation/money.ts approves it).
  if (action === 'ban' && !opts.approvedRequestOf) return requestBan(ctx, actor, subject, body);
  if (TIMED_ACTIONS.has(action) && !body.hours) throw fieldErrors({ hours: '時間を指定してください。' });
  if ((action === 'hide_voice' || action === 'restore_voice') && subject.kind !== 'voice') {
    throw new AppError(409, 'not_a_voice', 'ボイス以外には使えない操作です。');
  }
  if (action === 'delete_messages' && subject.kind !== 'message' && !(subject.kind === 'room' && subject.person_id)) {
    throw new AppError(409, 'not_messages', 'メッセージ、またはユーザーが特定できるルーム以外には使えない操作です。');
  }
  const onPerson = PERSON_ACTIONS.has(action);
  if (onPerson && !subject.person_id) throw new AppError(409, 'no_person', '対象のユーザーが特定できません。');
  const report = body.report_id ? await findReport(ctx.db, body.report_id) : undefined;
  if (body.report_id && !report) throw notFound();

  const now = ctx.clock.now();
  const target = onPerson ? await ensureSubject(ctx.db, 'person', subject.person_id!, subject.person_id, now) : subject;
  const timed = TIMED_ACTIONS.has(action) || (OPTIONALLY_TIMED.has(action) && body.hours !== undefined);
  const expires = timed ? new Date(now.getTime() + body.hours! * 3_600_000) : null;
  const characters = onPerson ? await charactersOf(ctx.db, subject.person_id!) : [];
  if (subject.kind === 'character' && !characters.includes(subject.ref_id) && onPerson) characters.push(subject.ref_id);

  // The reporter's notices are their person's, as the app reads them (routes/app-facing.ts).
  const reporterPerson = report?.reporter_id
    ? ((await findCharacter(ctx.db, report.reporter_id))?.person_id ?? report.reporter_id)
    : null;

  const event = await ctx.db.transaction().execute(async (trx) => {
    const row = await appendEvent(trx, {
      id: randomUUID(),
      subject_id: target.id,
      action,
      actor,
      reason: body.reason,
      policy: body.policy ?? null,
      severity: body.severity ?? null,
      note: body.note ?? null,
      expires_at: expires,
      report_id: report?.id ?? null,
      created_at: now,
    });
    const notice = noticeFor(action, { reason: body.reason, until: expires });
    const personId = target.person_id ?? subject.person_id;
    if (notice && personId) {
      await insertNotice(trx, {
        id: randomUUID(),
        person_id: personId,
        event_id: row.id,
        action,
        title: notice.title,
        body: notice.body,
        until: expires,
        appeal_until: APPEALABLE.has(action) ? new Date(now.getTime() + SAFETY_LIMITS.appealDays * DAY_MS) : null,
        appealed_at: null,
        created_at: now,
      });
    }
    if (report && report.state !== 'closed') {
      await setReportState(trx, report.id, 'closed', { closed_at: now });
      const outcome = OUTCOME[action];
      if (outcome && reporterPerson) {
        await insertNotice(trx, {
          id: randomUUID(),
          person_id: reporterPerson,
          event_id: row.id,
          action: `outcome.${outcome}`,
          ...OUTCOME_NOTES[outcome],
          until: null,
          appeal_until: null,
          appealed_at: null,
          created_at: now,
        });
      }
    }
    if (action === 'delete_messages') {
      // A message: that one; a room: everything the person (any character) wrote there.
      const senders = subject.kind === 'room' ? await charactersOf(trx, subject.person_id!) : [];
      if (subject.kind === 'room' && !senders.includes(subject.person_id!)) senders.push(subject.person_id!);
      await emit(trx, events.messagesModerated, {
        event_id: row.id,
        message_ids: subject.kind === 'message' ? [subject.ref_id] : [],
        room_id: subject.kind === 'room' ? subject.ref_id : null,
        sender_ids: senders,
        at: now.toISOString(),
      });
    }
    if (action === 'mute_reporter' || action === 'unmute_reporter') {
      await setMutedReporter(trx, subject.person_id!, action === 'mute_reporter', row.id, now);
    }
    const restriction = RESTRICTION[action];
    if (restriction) {
      await emit(trx, events.personRestricted, {
        event_id: row.id,
        person_id: subject.person_id!,
        user_ids: characters,
        restriction,
        until: expires?.toISOString() ?? null,
        at: now.toISOString(),
      });
    }
    if (action === 'hide_voice' || action === 'restore_voice') {
      await emit(trx, events.voiceModerated, {
        event_id: row.id,
        topic_id: subject.ref_id,
        hidden: action === 'hide_voice',
        at: now.toISOString(),
      });
    }
    await appendAudit(trx, {
      actor,
      action: `action.${action}`,
      target: target.id,
      detail: { event_id: row.id, reason: body.reason, hours: body.hours ?? null, report_id: report?.id ?? null },
      at: now,
    });
    return row;

    async function emit<E extends EventDef>(t: Transaction<SafetyDb>, def: E, payload: EventPayload<E>) {
      await enqueueEvent(t, def, `${def.subject}:${row.id}`, payload, now);
    }
  });
  await safetyRelay(ctx).now();
  return { event: eventView(event), status: deriveStatus(await eventsOf(ctx.db, target.id), ctx.clock.now()) };
}

/** A ban asks for a second operator first (ADR 0030). */
async function requestBan(ctx: AppContext, by: string, subject: SubjectRow, body: ActionBody) {
  const subjectId = subject.id;
  if (!subject.person_id) throw new AppError(409, 'no_person', '対象のユーザーが特定できません。');
  const approval = await askSecondOperator(ctx, by, {
    action: 'ban',
    subject_id: subjectId,
    report_id: body.report_id ?? null,
    amount: null,
    reason: body.reason,
    body: { ...body },
  });
  const now = ctx.clock.now();
  const target = await findSubjectByRef(ctx.db, 'person', subject.person_id);
  const status = deriveStatus(target ? await eventsOf(ctx.db, target.id) : [], now);
  return { event: null, status, approval: approvalView(approval) };
}
