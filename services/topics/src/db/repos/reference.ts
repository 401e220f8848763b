import type { Category, SubCategory } from '@honne/contracts/topics';
import type { Kysely } from 'kysely';

import type { TopicsDb } from '../schema/index.ts';

export interface SubCategoryRef {
  id: number;
  name: string;
  category_id: number;
  topic_expire_after_max_minutes: number;
  pw_hash: string | null;
}

/** Categories and sub-categories change only with migrations: read once at start. */
export interface Reference {
  categories: Category[];
  category(id: number | undefined | null): Category | undefined;
  subCategories: SubCategoryRef[];
  subCategory(id: number | undefined | null): SubCategoryRef | undefined;
  /** Ids of sub-categories behind a password gate. */
  gated: number[];
}

export async function loadReference(db: Kysely<TopicsDb>): Promise<Reference> {
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name', 'topic_max_num'])
    .orderBy('sort_order')
    .execute();
  const subCategories = await db
    .selectFrom('sub_categories')
    .select(['id', 'name', 'category_id', 'topic_expire_after_max_minutes', 'pw_hash'])
    .orderBy('sort_order')
    .execute();
  const byCategory = new Map(categories.map((c) => [c.id, c]));
  const bySub = new Map(subCategories.map((s) => [s.id, s]));
  return {
    categories,
    category: (id) => (id == null ? undefined : byCategory.get(id)),
    subCategories,
    subCategory: (id) => (id == null ? undefined : bySub.get(id)),
    gated: subCategories.filter((s) => s.pw_hash).map((s) => s.id),
  };
}

export const subCategoryView = (s: SubCategoryRef, unlocked: ReadonlySet<number>): SubCategory => ({
  id: s.id,
  name: s.name,
  category_id: s.category_id,
  topic_expire_after_max_minutes: s.topic_expire_after_max_minutes,
  has_password: s.pw_hash !== null,
  is_unlocked: s.pw_hash === null || unlocked.has(s.id),
});

export async function unlockedFor(db: Kysely<TopicsDb>, userId: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('sub_category_unlocks')
    .select('sub_category_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.sub_category_id));
}

/** Everyone who unlocked a gated sub-category (its voices reach only them on the socket). */
export async function unlockersOf(db: Kysely<TopicsDb>, subCategoryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sub_category_unlocks')
    .select('user_id')
    .where('sub_category_id', '=', subCategoryId)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function recordUnlock(
  db: Kysely<TopicsDb>,
  userId: string,
  subCategoryId: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('sub_category_unlocks')
    .values({ user_id: userId, sub_category_id: subCategoryId, unlocked_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'sub_category_id']).doNothing())
    .execute();
}
