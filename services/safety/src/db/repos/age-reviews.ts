import type { Insertable, Kysely, Transaction } from 'kysely';

import type { AgeReviewTable, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb> | Transaction<SafetyDb>;

export const insertAgeReview = (db: Db, row: Insertable<AgeReviewTable>) =>
  db.insertInto('age_reviews').values(row).execute();

/** The person's latest review, photo left out. */
export const latestReviewOf = (db: Db, personId: string) =>
  db
    .selectFrom('age_reviews')
    .select(['id', 'status', 'reason'])
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const hasApprovedReview = async (db: Db, personId: string): Promise<boolean> =>
  (await db
    .selectFrom('age_reviews')
    .select('id')
    .where('person_id', '=', personId)
    .where('status', '=', 'approved')
    .executeTakeFirst()) !== undefined;

const LISTED = [
  'id',
  'person_id',
  'user_id',
  'status',
  'reason',
  'created_at',
  'decided_at',
  'decided_by',
  'object_key',
  'bytes',
] as const;

/** Pending reviews oldest first, then the last `decided` decided ones, newest first. */
export async function listAgeReviews(db: Db, decided: number) {
  const pending = await db
    .selectFrom('age_reviews')
    .select(LISTED)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .execute();
  const done = await db
    .selectFrom('age_reviews')
    .select(LISTED)
    .where('status', '!=', 'pending')
    .orderBy('decided_at', 'desc')
    .limit(decided)
    .execute();
  return [...pending, ...done];
}

export const findAgeReview = (db: Db, id: string) =>
  db.selectFrom('age_reviews').selectAll().where('id', '=', id).executeTakeFirst();

/** Decides a pending review and drops its photo in the same statement; undefined if it was not pending. */
export const decideAgeReview = (
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; by: string; at: Date },
) =>
  db
    .updateTable('age_reviews')
    .set({
      status: decision.status,
      reason: decision.reason,
      decided_by: decision.by,
      decided_at: decision.at,
      bytes: null,
      object_key: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();

export const publishedAgeState = async (db: Db, personId: string) =>
  (await db.selectFrom('age_states').select('state').where('person_id', '=', personId).executeTakeFirst())?.state;

export const recordAgeState = (db: Db, personId: string, state: string, at: Date) =>
  db
    .insertInto('age_states')
    .values({ person_id: personId, state, at })
    .onConflict((oc) => oc.column('person_id').doUpdateSet({ state, at }))
    .execute();

/** The declared age groups of the person's characters. */
export const ageIdsOf = async (db: Db, personId: string) =>
  (await db.selectFrom('people').select('age_id').where('person_id', '=', personId).execute()).map((r) => r.age_id);

export const readAgePolicy = (db: Db) => db.selectFrom('age_policy').selectAll().where('id', '=', 1).executeTakeFirst();

export const writeAgePolicy = (db: Db, contactPairs: string, features: string, by: string, at: Date) =>
  db
    .insertInto('age_policy')
    .values({ id: 1, contact_pairs: contactPairs, features, updated_by: by, updated_at: at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ contact_pairs: contactPairs, features, updated_by: by, updated_at: at }),
    )
    .execute();
