import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { EventRow, SafetyDb, SubjectRow } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

/** The subject for (kind, ref), made on first mention; its person is filled in once known. */
export async function ensureSubject(
  db: Db,
  kind: string,
  refId: string,
  personId: string | null,
  now: Date,
): Promise<SubjectRow> {
  await db
    .insertInto('subjects')
    .values({ id: randomUUID(), kind, ref_id: refId, person_id: personId, created_at: now })
    .onConflict((oc) => oc.columns(['kind', 'ref_id']).doNothing())
    .execute();
  if (personId) {
    await db
      .updateTable('subjects')
      .set({ person_id: personId })
      .where('kind', '=', kind)
      .where('ref_id', '=', refId)
      .where('person_id', 'is', null)
      .execute();
  }
  return db
    .selectFrom('subjects')
    .selectAll()
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .executeTakeFirstOrThrow();
}

export const findSubjectByRef = (db: Db, kind: string, refId: string) =>
  db.selectFrom('subjects').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();

export const findSubject = (db: Db, id: string) =>
  db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst();

/** Moderation events only ever get inserted (append-only; the table's trigger refuses the rest). */
export async function appendEvent(db: Db, row: Omit<EventRow, 'seq'>): Promise<EventRow> {
  return db.insertInto('moderation_events').values(row).returningAll().executeTakeFirstOrThrow();
}

export const eventsOf = (db: Db, subjectId: string): Promise<EventRow[]> =>
  db.selectFrom('moderation_events').selectAll().where('subject_id', '=', subjectId).orderBy('seq').execute();
