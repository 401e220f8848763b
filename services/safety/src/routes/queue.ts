import { actionEndpoints, ACTION_NAMES, safetyEndpoints } from '@honne/contracts/safety';
import { AppError, notFound, ok } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { appendAudit } from '../db/repos/audit.ts';
import { evidenceOf } from '../db/repos/evidence.ts';
import { charactersWithSubjects } from '../db/repos/people.ts';
import {
  findReport,
  openAppealsAgainst,
  queue,
  reportsOfPerson,
  reportsOfSubject,
  setReportState,
} from '../db/repos/reports.ts';
import { breachingReports, queueFigures } from '../db/repos/stats.ts';
import { eventsOf, findSubject, findSubjectByRef } from '../db/repos/subjects.ts';
import type { ReportRow } from '../db/schema/index.ts';
import { priorityReasons } from '../domain/priority.ts';
import { deriveStatus } from '../domain/status.ts';
import { act, eventView } from '../moderation/actions.ts';
import { isHeldRef } from '../moderation/held.ts';
import { statsWindows } from '../moderation/stats-window.ts';
import { consoleRoute } from './console.ts';

type ReportWithSubject = ReportRow & {
  subject_kind: string;
  subject_ref: string;
  rank?: number;
  appeal_action?: string | null;
  appeal_subject_id?: string | null;
};

export const reportView = (r: ReportWithSubject) => ({
  id: r.id,
  source: r.source,
  subject_id: r.subject_id,
  subject_kind: r.subject_kind,
  subject_ref: r.subject_ref,
  person_id: r.person_id,
  reporter_id: r.reporter_id,
  content: r.content,
  state: r.state,
  priority: Number(r.rank ?? r.priority),
  priority_reasons: priorityReasons({
    source: r.source,
    priority: r.priority,
    rank: Number(r.rank ?? r.priority),
    raisesPriority: r.raises_priority,
  }),
  assigned_to: r.assigned_to,
  created_at: r.created_at.toISOString(),
  closed_at: r.closed_at?.toISOString() ?? null,
  held: r.state !== 'closed' && isHeldRef(r.source, r.source_ref),
  appeal_of:
    r.appeal_action && r.appeal_subject_id ? { action: r.appeal_action, subject_id: r.appeal_subject_id } : null,
});

/** The queue, assignment, subjects with their history, evidence, and the actions. */
export function queueRoutes(app: FastifyInstance, ctx: AppContext): void {
  consoleRoute(app, ctx, safetyEndpoints.queue, async ({ query }) =>
    ok(
      (
        await queue(ctx.db, { state: query.state, source: query.source, kind: query.kind, limit: query.limit ?? 50 })
      ).map(reportView),
    ),
  );

  consoleRoute(app, ctx, safetyEndpoints.assign, async ({ params, body, actor, by }) => {
    const report = await findReport(ctx.db, params.id);
    if (!report) throw notFound();
    if (report.state === 'closed') throw new AppError(409, 'report_closed', 'この通報は対応済みです。');
    const to = body.operator_id ?? (actor.kind === 'operator' ? actor.operatorId : undefined);
    if (!to) throw new AppError(409, 'no_assignee', '担当者を指定してください。');
    const updated = (await setReportState(ctx.db, report.id, 'assigned', { assigned_to: to }))!;
    await appendAudit(ctx.db, {
      actor: by,
      action: 'report.assign',
      target: report.id,
      detail: { to },
      at: ctx.clock.now(),
    });
    const subject = (await findSubject(ctx.db, updated.subject_id))!;
    return ok(reportView({ ...updated, subject_kind: subject.kind, subject_ref: subject.ref_id }));
  });

  // Evidence is read only through here, and every read is in the audit log.
  consoleRoute(app, ctx, safetyEndpoints.evidence, async ({ params, by }) => {
    const report = await findReport(ctx.db, params.id);
    if (!report) throw notFound();
    const rows = await evidenceOf(ctx.db, report.id);
    await appendAudit(ctx.db, {
      actor: by,
      action: 'evidence.read',
      target: report.id,
      detail: { items: rows.length },
      at: ctx.clock.now(),
    });
    return ok(
      rows.map((e) => ({
        id: e.id,
        report_id: e.report_id,
        kind: e.kind,
        payload: e.payload,
        captured_at: e.captured_at.toISOString(),
        keep_until: e.keep_until.toISOString(),
      })),
    );
  });

  consoleRoute(app, ctx, safetyEndpoints.subject, async ({ params }) => {
    const subject = await findSubject(ctx.db, params.id);
    if (!subject) throw notFound();
    const events = await eventsOf(ctx.db, subject.id);
    return ok({
      id: subject.id,
      kind: subject.kind,
      ref_id: subject.ref_id,
      person_id: subject.person_id,
      status: deriveStatus(events, ctx.clock.now()),
      events: events.map(eventView),
      reports: (await reportsOfSubject(ctx.db, subject.id)).map(reportView),
      appeals: (await openAppealsAgainst(ctx.db, subject.id)).map(reportView),
    });
  });

  // The person across their characters: what the console shows before acting on all of them at once.
  consoleRoute(app, ctx, safetyEndpoints.person, async ({ params }) => {
    // By a subject of theirs: the person's own id is accounts' (an address), never put in a URL or a log.
    const personId = (await findSubject(ctx.db, params.id))?.person_id;
    if (!personId) throw notFound();
    const [characters, subject, reports] = await Promise.all([
      charactersWithSubjects(ctx.db, personId),
      findSubjectByRef(ctx.db, 'person', personId),
      reportsOfPerson(ctx.db, personId),
    ]);
    const events = subject ? await eventsOf(ctx.db, subject.id) : [];
    return ok({
      person_id: personId,
      characters: characters.map((c) => ({ user_id: c.user_id, age_id: c.age_id, subject_id: c.subject_id })),
      subject_id: subject?.id ?? null,
      status: deriveStatus(events, ctx.clock.now()),
      events: events.map(eventView),
      reports: reports.map(reportView),
    });
  });

  consoleRoute(app, ctx, safetyEndpoints.stats, async () => {
    const windows = statsWindows(ctx.clock.now());
    const [queues, breaching] = await Promise.all([
      queueFigures(ctx.db, windows),
      breachingReports(ctx.db, windows.breachAt, 50),
    ]);
    const oldest = queues.flatMap((q) => (q.oldest_waiting_at ? [q.oldest_waiting_at.getTime()] : []));
    return ok({
      pending: queues.reduce((n, q) => n + q.pending, 0),
      inbound_24h: queues.reduce((n, q) => n + q.inbound_24h, 0),
      oldest_waiting_at: oldest.length ? new Date(Math.min(...oldest)).toISOString() : null,
      queues: queues.map((q) => ({ ...q, oldest_waiting_at: q.oldest_waiting_at?.toISOString() ?? null })),
      breaching: breaching.map(reportView),
    });
  });

  for (const name of ACTION_NAMES) {
    consoleRoute(app, ctx, actionEndpoints[name], async ({ params, body, by }) =>
      ok(await act(ctx, by, params.id, name, body)),
    );
  }
}
