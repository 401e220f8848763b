import type { Kysely } from 'kysely';

import type { FilterEntryRow, SafetyDb } from '../schema/index.ts';

type Db = Kysely<SafetyDb>;

export type FilterEntryInsert = FilterEntryRow;

export const listFilterEntries = (db: Db) =>
  db.selectFrom('filter_entries').selectAll().orderBy('created_at').orderBy('id').execute();

export const findFilterEntry = (db: Db, id: string) =>
  db.selectFrom('filter_entries').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertFilterEntry(db: Db, row: FilterEntryInsert): Promise<FilterEntryRow> {
  return db.insertInto('filter_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

export const updateFilterEntry = (db: Db, id: string, patch: Partial<Omit<FilterEntryRow, 'id'>>) =>
  db.updateTable('filter_entries').set(patch).where('id', '=', id).returningAll().executeTakeFirst();

export async function deleteFilterEntry(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('filter_entries').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export async function filterVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('filter_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.version;
}

/** Raises the version in the change's transaction (the row lock orders concurrent changes). */
export async function bumpFilterVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('filter_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
