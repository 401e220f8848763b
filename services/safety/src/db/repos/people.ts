import { sql, type Kysely, type Transaction } from 'kysely';

import type { SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

/** Keeps the newest card of a character: which person it belongs to and their declared age group. */
export async function upsertPerson(
  db: Db,
  row: { user_id: string; person_id: string; age_id: number | null; updated_at: Date },
): Promise<void> {
  await db
    .insertInto('people')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ person_id: row.person_id, age_id: row.age_id, updated_at: row.updated_at })
        .where('people.updated_at', '<=', row.updated_at),
    )
    .execute();
}

export const findCharacter = (db: Db, userId: string) =>
  db.selectFrom('people').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Every character of a person (the parent account and its sub-characters). */
export const charactersOf = async (db: Db, personId: string): Promise<string[]> =>
  (await db.selectFrom('people').select('user_id').where('person_id', '=', personId).execute()).map((r) => r.user_id);

/** A person's characters with their age group and, where one exists, their character subject. */
export const charactersWithSubjects = (db: Db, personId: string) =>
  db
    .selectFrom('people as p')
    // subjects.ref_id is text (it names voices and rooms too), people.user_id a uuid.
    .leftJoin('subjects as s', (j) => j.on(sql<boolean>`s.ref_id = p.user_id::text`).on('s.kind', '=', 'character'))
    .select(['p.user_id', 'p.age_id', 's.id as subject_id'])
    .where('p.person_id', '=', personId)
    .orderBy('p.updated_at')
    .execute();

/** Whether the person's reports are muted (mute_reporter): they raise no priority. */
export const isMutedReporter = async (db: Db, personId: string | null): Promise<boolean> =>
  personId !== null &&
  (await db.selectFrom('muted_reporters').select('person_id').where('person_id', '=', personId).executeTakeFirst()) !==
    undefined;

/** mute_reporter (on) or unmute_reporter (off), in the action's transaction. */
export async function setMutedReporter(
  db: Db | Transaction<SafetyDb>,
  personId: string,
  muted: boolean,
  eventId: string,
  at: Date,
): Promise<void> {
  if (!muted) {
    await db.deleteFrom('muted_reporters').where('person_id', '=', personId).execute();
    return;
  }
  await db
    .insertInto('muted_reporters')
    .values({ person_id: personId, event_id: eventId, at })
    .onConflict((oc) => oc.column('person_id').doNothing())
    .execute();
}
