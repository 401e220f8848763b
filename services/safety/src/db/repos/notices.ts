import type { Kysely } from 'kysely';

import type { NoticeRow, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

export async function insertNotice(db: Db, row: NoticeRow): Promise<void> {
  await db.insertInto('notices').values(row).execute();
}

export const noticesOf = (db: Db, personId: string): Promise<NoticeRow[]> =>
  db
    .selectFrom('notices')
    .selectAll()
    .where('person_id', '=', personId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();

export const findNotice = (db: Db, id: string) =>
  db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();

/** Marks the one appeal a notice allows; false when it was appealed already. */
export async function markAppealed(db: Db, id: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('notices')
    .set({ appealed_at: now })
    .where('id', '=', id)
    .where('appealed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
