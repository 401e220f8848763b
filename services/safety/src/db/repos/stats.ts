import { sql, type Kysely } from 'kysely';

import type { SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

export interface QueueFigureRow {
  source: string;
  pending: number;
  inbound_24h: number;
  oldest_waiting_at: Date | null;
  first_action_p50_s: number | null;
  first_action_p95_s: number | null;
  breaching: number;
}

/**
 * Per queue (report source): reports waiting, filed in the last day, the oldest waiting, waiting past
 * `breachAt`, and the p50/p95 seconds from filing to the first moderation event naming the report
 * (over reports filed since `since`; a report with no action yet is not counted there).
 */
export async function queueFigures(
  db: Db,
  at: { dayAgo: Date; breachAt: Date; since: Date },
): Promise<QueueFigureRow[]> {
  // The first action is looked up once per report (by the events' report index), and only for
  // reports inside the window the percentiles cover.
  const rows = await db
    .with('r', (q) =>
      q
        .selectFrom('reports')
        .select([
          'source',
          'state',
          'created_at',
          sql<Date | null>`case when created_at >= ${at.since} then (select min(e.created_at) from moderation_events e where e.report_id = reports.id) end`.as(
            'first_at',
          ),
        ]),
    )
    .selectFrom('r')
    .select((eb) => [
      'r.source',
      sql<string>`count(*) filter (where r.state <> 'closed')`.as('pending'),
      sql<string>`count(*) filter (where r.created_at > ${at.dayAgo})`.as('inbound_24h'),
      eb.fn.min(sql<Date>`case when r.state <> 'closed' then r.created_at end`).as('oldest_waiting_at'),
      sql<string>`count(*) filter (where r.state <> 'closed' and r.created_at <= ${at.breachAt})`.as('breaching'),
      sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (r.first_at - r.created_at)))`.as('p50'),
      sql<
        number | null
      >`percentile_cont(0.95) within group (order by extract(epoch from (r.first_at - r.created_at)))`.as('p95'),
    ])
    .groupBy('r.source')
    .orderBy('r.source')
    .execute();
  return rows.map((r) => ({
    source: r.source,
    pending: Number(r.pending),
    inbound_24h: Number(r.inbound_24h),
    oldest_waiting_at: r.oldest_waiting_at ? new Date(r.oldest_waiting_at) : null,
    first_action_p50_s: r.p50 === null ? null : Number(r.p50),
    first_action_p95_s: r.p95 === null ? null : Number(r.p95),
    breaching: Number(r.breaching),
  }));
}

/** Reports still waiting that were filed at or before `breachAt`, oldest first. */
export const breachingReports = (db: Db, breachAt: Date, limit: number) =>
  db
    .selectFrom('reports as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .selectAll('r')
    .select(['s.kind as subject_kind', 's.ref_id as subject_ref'])
    .where('r.state', '<>', 'closed')
    .where('r.created_at', '<=', breachAt)
    .orderBy('r.created_at')
    .limit(limit)
    .execute();
