import { randomUUID } from 'node:crypto';

import { events, requests, type EventPayload } from '@honne/contracts/events';
import { SAFETY_LIMITS, SAFETY_MESSAGES, type ReportSource, type SubjectKind } from '@honne/contracts/safety';
import { AppError, enqueueEvent, fieldErrors, forbidden, notFound } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { hasEvidence, insertEvidence } from '../db/repos/evidence.ts';
import { findNotice, markAppealed } from '../db/repos/notices.ts';
import { findCharacter, isMutedReporter } from '../db/repos/people.ts';
import { findReportBySource, insertReport, queueReport } from '../db/repos/reports.ts';
import { ensureSubject } from '../db/repos/subjects.ts';
import type { EvidenceRow, ReportRow } from '../db/schema/index.ts';
import { reportPriority } from '../domain/priority.ts';
import { safetyRelay } from '../events/outbox.ts';

const DAY_MS = 24 * 3_600_000;

interface Filing {
  source: ReportSource;
  sourceRef: string;
  subject: { kind: SubjectKind; ref: string; userId?: string | null; personId?: string | null };
  reporterId: string | null;
  roomId?: string | null;
  content: string;
  at: Date;
  /** Evidence known at filing (a voice's text as reported); more is asked for a room. */
  evidence?: { kind: string; payload: unknown }[];
}

/** The person (parent account) of a character, as accounts' cards said; the character itself until known. */
async function personOf(
  ctx: AppContext,
  userId: string | null | undefined,
): Promise<{ personId: string | null; ageId: number | null }> {
  if (!userId) return { personId: null, ageId: null };
  const row = await findCharacter(ctx.db, userId);
  return { personId: row?.person_id ?? userId, ageId: row?.age_id ?? null };
}

/**
 * Files a report once (the producer's id keys it), freezes its evidence, then queues it. A
 * redelivered event finds the report and only finishes what a crash left (evidence, queueing).
 */
export async function fileReport(ctx: AppContext, f: Filing): Promise<ReportRow> {
  let report = await findReportBySource(ctx.db, f.sourceRef);
  if (!report) {
    const reported = await personOf(ctx, f.subject.userId);
    const reporter = await personOf(ctx, f.reporterId);
    const reporterMuted = await isMutedReporter(ctx.db, reporter.personId);
    const personId = f.subject.personId ?? reported.personId;
    const subject = await ensureSubject(ctx.db, f.subject.kind, f.subject.ref, personId, ctx.clock.now());
    const row: ReportRow = {
      id: randomUUID(),
      source: f.source,
      source_ref: f.sourceRef,
      subject_id: subject.id,
      person_id: personId,
      reporter_id: f.reporterId,
      room_id: f.roomId ?? null,
      content: f.content,
      state: 'open',
      priority: reportPriority({
        source: f.source,
        reporterAgeId: reporter.ageId,
        reportedAgeId: reported.ageId,
        reporterMuted,
      }),
      raises_priority: !reporterMuted,
      assigned_to: null,
      created_at: f.at,
      closed_at: null,
    };
    await insertReport(ctx.db, row);
    report = (await findReportBySource(ctx.db, f.sourceRef))!;
  }
  if (report.state === 'open') {
    if (!(await hasEvidence(ctx.db, report.id))) await freezeEvidence(ctx, report, f);
    await queueReport(ctx.db, report.id);
    report = { ...report, state: 'queued' };
  }
  return report;
}

/**
 * Copies what the report is about out of the owning services before it vanishes: for a room, the
 * reported person's latest message there and the 20 before and after it (chat), the room's calls
 * (calls) and the points moved in it (points), each over the bus. A service that does not answer
 * leaves a `missing` item saying so, and the report is still queued: a moderator must see it.
 */
async function freezeEvidence(ctx: AppContext, report: ReportRow, f: Filing): Promise<void> {
  const now = ctx.clock.now();
  const keepUntil = new Date(now.getTime() + SAFETY_LIMITS.evidenceDays * DAY_MS);
  const items: { kind: string; payload: unknown }[] = [...(f.evidence ?? [])];
  if (f.roomId) {
    const roomId = f.roomId;
    const ask = async (kind: string, get: () => Promise<unknown>) => {
      try {
        items.push({ kind, payload: await get() });
      } catch (err) {
        ctx.log.warn({ err, report: report.id, kind }, 'evidence not captured');
        items.push({ kind: 'missing', payload: { kind, error: String(err) } });
      }
    };
    await ask('messages', () =>
      ctx.bus.request(requests.chatRoomEvidence, {
        room_id: roomId,
        reported_id: f.subject.userId ?? '',
        around: SAFETY_LIMITS.evidenceAround,
      }),
    );
    await ask('calls', () => ctx.bus.request(requests.callsRoomEvidence, { room_id: roomId }));
    await ask('points', () => ctx.bus.request(requests.pointsRoomEvidence, { room_id: roomId }));
  }
  if (items.length === 0) items.push({ kind: 'report', payload: { content: f.content } });
  const rows: EvidenceRow[] = items.map((i) => ({
    id: randomUUID(),
    report_id: report.id,
    kind: i.kind,
    payload: i.payload,
    captured_at: now,
    keep_until: keepUntil,
  }));
  await insertEvidence(ctx.db, rows);
}

export const onUserReported = (ctx: AppContext, e: EventPayload<typeof events.userReported>) =>
  fileReport(ctx, {
    source: 'user',
    sourceRef: `user:${e.report_id}`,
    subject: { kind: 'character', ref: e.reported_id, userId: e.reported_id },
    reporterId: e.reporter_id,
    content: e.content,
    at: new Date(e.at),
  });

export const onVoiceReported = (ctx: AppContext, e: EventPayload<typeof events.voiceReported>) =>
  fileReport(ctx, {
    source: 'voice',
    sourceRef: `voice:${e.report_id}`,
    subject: { kind: 'voice', ref: e.topic_id, userId: e.poster_id },
    reporterId: e.reporter_id,
    content: e.content,
    at: new Date(e.at),
    evidence: [{ kind: 'voice', payload: { topic_id: e.topic_id, poster_id: e.poster_id, ...e.voice } }],
  });

export const onRoomReported = (ctx: AppContext, e: EventPayload<typeof events.roomReported>) =>
  fileReport(ctx, {
    source: 'room',
    sourceRef: `room:${e.report_id}`,
    subject: { kind: 'character', ref: e.reported_id, userId: e.reported_id },
    reporterId: e.reporter_id,
    roomId: e.room_id,
    content: e.content,
    at: new Date(e.at),
  });

const required = (content: string | undefined, max: number, tooLong: string): string => {
  const t = (content ?? '').trim();
  if (t.length === 0) throw fieldErrors({ content: SAFETY_MESSAGES.contentRequired });
  if ([...t].length > max) throw fieldErrors({ content: tooLong });
  return t;
};

/** The report button inside a live call: the other side of the room, queued ahead (a live call). */
export async function reportFromCall(ctx: AppContext, me: string, roomId: string, content: string | undefined) {
  const room = await ctx.bus.request(requests.chatRoomParticipants, { room_id: roomId });
  if (!room.found || room.deleted || !room.participants.some((p) => p.user_id === me)) throw notFound();
  const other = room.participants.find((p) => p.user_id !== me);
  if (!other) throw forbidden();
  const id = randomUUID();
  const report = await fileReport(ctx, {
    source: 'call',
    sourceRef: `call:${id}`,
    subject: { kind: 'character', ref: other.user_id, userId: other.user_id },
    reporterId: me,
    roomId,
    content: (content ?? '').trim(),
    at: ctx.clock.now(),
  });
  // The reporter wants out: the call ends and the other side is blocked, by the services that own
  // calls and blocks (issue 27). Keyed by the report, so a retried request queues it once.
  const now = ctx.clock.now();
  await enqueueEvent(
    ctx.db,
    events.callReported,
    `call-reported:${report.id}`,
    {
      event_id: report.id,
      report_id: report.id,
      room_id: roomId,
      reporter_id: me,
      reported_id: other.user_id,
      anonymous: room.participants.some((p) => p.is_anonymous),
      at: now.toISOString(),
    },
    now,
  );
  await safetyRelay(ctx).now();
  return { message: SAFETY_MESSAGES.received, id: report.id };
}

/** お問い合わせ: a ticket in the same queue, about the person who wrote it. */
export async function openTicket(ctx: AppContext, me: string, body: { category?: string; content: string }) {
  const content = required(body.content, SAFETY_LIMITS.contactMax, SAFETY_MESSAGES.contentTooLong);
  const id = randomUUID();
  const { personId } = await personOf(ctx, me);
  const report = await fileReport(ctx, {
    source: 'contact',
    sourceRef: `contact:${id}`,
    subject: { kind: 'ticket', ref: id, personId },
    reporterId: me,
    content: body.category ? `[${body.category}] ${content}` : content,
    at: ctx.clock.now(),
  });
  return { message: SAFETY_MESSAGES.received, id: report.id };
}

/** One appeal per notice, within 20 days of it; it enters the queue on the notice's subject. */
export async function appeal(ctx: AppContext, me: string, noticeId: string, body: { content: string }) {
  const notice = await findNotice(ctx.db, noticeId);
  const { personId } = await personOf(ctx, me);
  if (!notice || notice.person_id !== personId) throw notFound();
  const content = required(body.content, SAFETY_LIMITS.appealMax, SAFETY_MESSAGES.appealTooLong);
  const now = ctx.clock.now();
  if (!notice.appeal_until || notice.appeal_until.getTime() < now.getTime() || notice.appealed_at) {
    throw new AppError(403, 'appeal_closed', SAFETY_MESSAGES.appealClosed);
  }
  if (!(await markAppealed(ctx.db, notice.id, now)))
    throw new AppError(403, 'appeal_closed', SAFETY_MESSAGES.appealClosed);
  const subject = await ensureSubject(ctx.db, 'person', personId!, personId, now);
  const report = await fileReport(ctx, {
    source: 'appeal',
    sourceRef: `appeal:${notice.id}`,
    subject: { kind: 'person', ref: subject.ref_id, personId },
    reporterId: me,
    content,
    at: now,
    evidence: [
      {
        kind: 'notice',
        payload: { notice_id: notice.id, event_id: notice.event_id, action: notice.action, body: notice.body },
      },
    ],
  });
  return { message: SAFETY_MESSAGES.received, id: report.id };
}
