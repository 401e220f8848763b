import { sql, type Kysely } from 'kysely';

import type { ReportRow, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

/** Files a report once per producer id; answers whether it is new. */
export async function insertReport(db: Db, row: ReportRow): Promise<boolean> {
  const done = await db
    .insertInto('reports')
    .values(row)
    .onConflict((oc) => oc.column('source_ref').doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const findReportBySource = (db: Db, sourceRef: string) =>
  db.selectFrom('reports').selectAll().where('source_ref', '=', sourceRef).executeTakeFirst();

export const findReport = (db: Db, id: string) =>
  db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();

export async function setReportState(
  db: Db,
  id: string,
  state: string,
  fields: { assigned_to?: string | null; closed_at?: Date | null } = {},
): Promise<ReportRow | undefined> {
  return db
    .updateTable('reports')
    .set({ state, ...fields })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Moves a freshly filed report (evidence frozen) into the queue. */
export async function queueReport(db: Db, id: string): Promise<void> {
  await db.updateTable('reports').set({ state: 'queued' }).where('id', '=', id).where('state', '=', 'open').execute();
}

/**
 * The notice an appeal answers, by its source_ref ('appeal:<notice id>'); null for other reports (the
 * cast is only tried on an appeal's ref).
 */
const appealedNotice = sql`case when r.source = 'appeal' then substr(r.source_ref, 8)::uuid end`;

/**
 * For an appeal, the moderation event it appeals: its action and subject, so an appeal against a
 * hidden voice is decided on the voice's page (restore_voice), not by lifting the person.
 */
const appealOf = [
  sql<
    string | null
  >`(select e.action from notices n join moderation_events e on e.id = n.event_id where n.id = ${appealedNotice})`.as(
    'appeal_action',
  ),
  sql<
    string | null
  >`(select e.subject_id::text from notices n join moderation_events e on e.id = n.event_id where n.id = ${appealedNotice})`.as(
    'appeal_subject_id',
  ),
];

/** The appeals still open against this subject's events (the hidden voice's page lists them). */
export const openAppealsAgainst = (db: Db, subjectId: string) =>
  db
    .selectFrom('reports as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .selectAll('r')
    .select(['s.kind as subject_kind', 's.ref_id as subject_ref', ...appealOf])
    .where('r.source', '=', 'appeal')
    .where('r.state', '<>', 'closed')
    .where(
      sql<boolean>`exists (select 1 from notices n join moderation_events e on e.id = n.event_id where n.id = ${appealedNotice} and e.subject_id = ${subjectId})`,
    )
    .orderBy('r.created_at')
    .execute();

export const REPEAT_STEP = 10;
export const REPEAT_CAP = 5;

/**
 * The queue: reports not closed (or in `state`), highest priority first, oldest first among equals.
 * A report's rank is its own priority plus `REPEAT_STEP` for every other open report on the same
 * subject (up to `REPEAT_CAP`): repeated reports rise together. A muted reporter's report counts for none.
 */
export function queue(db: Db, filter: { state?: string; source?: string; kind?: string; limit: number }) {
  // One pass over the waiting reports with a window per subject, not a count per report: at 10,000
  // waiting reports the correlated count made the page take seconds (bench:safety:queue).
  let q = db
    .with('ranked', (w) =>
      w
        .selectFrom('reports as o')
        .select([
          'o.id',
          sql<number>`o.priority + ${REPEAT_STEP} * least(${REPEAT_CAP}, count(*) filter (where o.raises_priority) over (partition by o.subject_id) - case when o.raises_priority then 1 else 0 end)`.as(
            'rank',
          ),
        ])
        .where('o.state', '<>', 'closed'),
    )
    .selectFrom('reports as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .leftJoin('ranked as k', 'k.id', 'r.id')
    .selectAll('r')
    .select(['s.kind as subject_kind', 's.ref_id as subject_ref', ...appealOf])
    // A closed report ranks by its own priority (nothing it waits with raises it any more).
    .select(sql<number>`coalesce(k.rank, r.priority)`.as('rank'));
  q = filter.state ? q.where('r.state', '=', filter.state) : q.where('r.state', '<>', 'closed');
  if (filter.source) q = q.where('r.source', '=', filter.source);
  if (filter.kind) q = q.where('s.kind', '=', filter.kind);
  return q.orderBy('rank', 'desc').orderBy('r.created_at').limit(filter.limit).execute();
}

export const reportsOfSubject = (db: Db, subjectId: string) =>
  db
    .selectFrom('reports as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .selectAll('r')
    .select(['s.kind as subject_kind', 's.ref_id as subject_ref', ...appealOf])
    .where('r.subject_id', '=', subjectId)
    .orderBy('r.created_at')
    .execute();

/** Every report about any character of a person (or the person itself), newest first. */
export const reportsOfPerson = (db: Db, personId: string) =>
  db
    .selectFrom('reports as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .selectAll('r')
    .select(['s.kind as subject_kind', 's.ref_id as subject_ref', ...appealOf])
    .where('r.person_id', '=', personId)
    .orderBy('r.created_at', 'desc')
    .limit(200)
    .execute();
