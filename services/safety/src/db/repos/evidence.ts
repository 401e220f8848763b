import type { Kysely } from 'kysely';

import type { EvidenceRow, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

export async function insertEvidence(db: Db, rows: EvidenceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('evidence')
    .values(rows.map((r) => ({ ...r, payload: JSON.stringify(r.payload) })))
    .execute();
}

export const hasEvidence = async (db: Db, reportId: string): Promise<boolean> =>
  !!(await db.selectFrom('evidence').select('id').where('report_id', '=', reportId).limit(1).executeTakeFirst());

export const evidenceOf = (db: Db, reportId: string): Promise<EvidenceRow[]> =>
  db.selectFrom('evidence').selectAll().where('report_id', '=', reportId).orderBy('kind').execute();

/** Evidence past its 180 days goes; answers how many rows. */
export async function purgeEvidence(db: Db, now: Date): Promise<number> {
  const done = await db.deleteFrom('evidence').where('keep_until', '<=', now).executeTakeFirst();
  return Number(done.numDeletedRows);
}
