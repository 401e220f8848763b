import type { Kysely } from 'kysely';
import { sql } from 'kysely';

import { events, type EventPayload } from '@honne/contracts/events';
import { enqueueEvent } from '@honne/service-kit';

import type { Cursor, ThreadRow, TopicsDb } from '../schema/index.ts';

export interface ThreadFilter {
  areaId?: number;
  categoryId?: number;
  subCategoryId?: number;
  excludeSubCategories?: number[];
}

export async function listThreads(
  db: Kysely<TopicsDb>,
  filter: ThreadFilter,
  cursor: Cursor | undefined,
  limit: number,
): Promise<ThreadRow[]> {
  let q = db.selectFrom('threads').selectAll();
  if (filter.subCategoryId) q = q.where('sub_category_id', '=', filter.subCategoryId);
  if (filter.categoryId) q = q.where('category_id', '=', filter.categoryId);
  if (filter.areaId) q = q.where('area_id', '=', filter.areaId);
  if (filter.excludeSubCategories?.length) q = q.where('sub_category_id', 'not in', filter.excludeSubCategories);
  if (cursor) q = q.where(sql<boolean>`(created_at, id) < (${cursor.at}, ${cursor.id})`);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export const findThread = (db: Kysely<TopicsDb>, id: string): Promise<ThreadRow | undefined> =>
  db.selectFrom('threads').selectAll().where('id', '=', id).executeTakeFirst();

/** A new theme; a name the filter flagged is queued for a moderator with it (ADR 0037). */
export const insertThread = (
  db: Kysely<TopicsDb>,
  row: ThreadRow,
  flagged?: EventPayload<typeof events.themeTextFlagged>,
): Promise<ThreadRow> =>
  db.transaction().execute(async (trx) => {
    const thread = await trx.insertInto('threads').values(row).returningAll().executeTakeFirstOrThrow();
    if (flagged)
      await enqueueEvent(trx, events.themeTextFlagged, `theme-flagged:${flagged.event_id}`, flagged, row.created_at);
    return thread;
  });

/** The newest theme of a sub-category and area, creating the default one when there is none. */
export async function newestOrDefault(
  db: Kysely<TopicsDb>,
  row: ThreadRow,
): Promise<{ thread: ThreadRow; created: boolean }> {
  const newest = async () =>
    db
      .selectFrom('threads')
      .selectAll()
      .where('sub_category_id', '=', row.sub_category_id)
      .where('area_id', '=', row.area_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const existing = await newest();
  if (existing) return { thread: existing, created: false };
  // Two users arriving at once: the partial unique index lets one insert win; both read it back.
  const inserted = await sql<ThreadRow>`
    insert into threads (id, name, area_id, category_id, sub_category_id, user_id, is_default, created_at)
    values (${row.id}, ${row.name}, ${row.area_id}, ${row.category_id}, ${row.sub_category_id}, ${row.user_id}, true, ${row.created_at})
    on conflict (sub_category_id, area_id) where is_default do nothing
    returning *`.execute(db);
  const created = inserted.rows[0];
  if (created) return { thread: created, created: true };
  return { thread: (await newest())!, created: false };
}
