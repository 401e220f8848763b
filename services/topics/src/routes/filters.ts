import type { FieldErrors } from '@honne/contracts';
import { messages } from '@honne/contracts/messages';
import { TOPIC_LIMITS, topicsEndpoints, type FilterHistory } from '@honne/contracts/topics';
import { fieldErrors, ok, route, isUuid } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findThread } from '../db/repos/threads.ts';
import { findFilter, saveFilter, type FilterPatch } from '../db/repos/users.ts';
import type { UserFilterRow } from '../db/schema/index.ts';

export function filterView(ctx: AppContext, row: UserFilterRow | undefined): FilterHistory {
  return {
    user_status: row?.user_status ?? 0,
    gender: row?.gender ?? null,
    age_id: row?.age_id ?? null,
    area_id: row?.area_id ?? null,
    area: row?.area ?? null,
    category_id: row?.category_id ?? null,
    category: ctx.reference.category(row?.category_id)?.name ?? null,
    sub_category_id: row?.sub_category_id ?? null,
    sub_category: ctx.reference.subCategory(row?.sub_category_id)?.name ?? null,
    latest_joined_thread: row?.latest_joined_thread ?? null,
    is_first_search: row?.is_first_search ?? true,
  };
}

/** The saved filter's category_id for 'all categories' (stored as none). */
const ALL_CATEGORIES = 0;

const FILTER_FIELDS = [
  'user_status',
  'gender',
  'age_id',
  'area_id',
  'area',
  'category_id',
  'sub_category_id',
  'latest_joined_thread',
] as const satisfies readonly (keyof FilterPatch)[];

export function filterRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, topicsEndpoints.getFilter, async ({ caller }) =>
    ok(filterView(ctx, await findFilter(ctx.db, caller.userId))),
  );

  route(app, ctx, topicsEndpoints.saveFilter, async ({ body, caller }) => {
    // Only the named fields, never the body's own keys: the acting user is the caller alone.
    const patch: FilterPatch = {};
    for (const k of FILTER_FIELDS) if (body[k] !== undefined) (patch as Record<string, unknown>)[k] = body[k];
    // Stored as the text the filter screen sends; the spec's client may send the number.
    if (typeof body.gender === 'number') patch.gender = String(body.gender);
    if (Object.keys(patch).length === 0) throw fieldErrors({ filter: messages.filterEmpty });

    const errors: FieldErrors = {};
    if (body.area_id !== undefined && (body.area_id < TOPIC_LIMITS.allAreasId || body.area_id > TOPIC_LIMITS.areaMaxId))
      errors.area_id = messages.areaRequired;
    const stored = await findFilter(ctx.db, caller.userId);
    // 0 is 'all categories' (as 0 is 'all' for gender): home's way back from a category (walk #8).
    const allCategories = body.category_id === ALL_CATEGORIES;
    if (allCategories) patch.category_id = null;
    else if (body.category_id !== undefined && !ctx.reference.category(body.category_id))
      errors.category_id = messages.categoryRequired;
    if (body.sub_category_id !== undefined) {
      const sub = ctx.reference.subCategory(body.sub_category_id);
      const categoryId = allCategories ? null : (body.category_id ?? stored?.category_id);
      if (!sub || allCategories || (categoryId != null && sub.category_id !== categoryId))
        errors.sub_category_id = messages.subCategoryRequired;
    }
    if (body.latest_joined_thread) {
      const thread = isUuid(body.latest_joined_thread)
        ? await findThread(ctx.db, body.latest_joined_thread)
        : undefined;
      if (!thread) errors.latest_joined_thread = messages.invalidChoice;
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    // Spec §4: changing the category resets the sub-category and the latest theme.
    if (patch.category_id !== undefined && patch.category_id !== stored?.category_id) {
      patch.sub_category_id ??= null;
      if (body.latest_joined_thread === undefined) patch.latest_joined_thread = null;
    }
    return ok(filterView(ctx, await saveFilter(ctx.db, caller.userId, patch, ctx.clock.now())));
  });

  route(app, ctx, topicsEndpoints.firstSearch, async ({ body, caller }) =>
    ok(
      filterView(
        ctx,
        await saveFilter(ctx.db, caller.userId, { is_first_search: body.is_first_search }, ctx.clock.now()),
      ),
    ),
  );
}
