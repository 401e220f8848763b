import { randomUUID } from 'node:crypto';

import { messages } from '@honne/contracts/messages';
import { areaFilter, topicsEndpoints, validateThemeChoice, validateThreadCreate } from '@honne/contracts/topics';
import type { FieldErrors } from '@honne/contracts';
import {
  AppError,
  assertMaySpeak,
  fieldErrors,
  flaggedText,
  notFound,
  ok,
  route,
  isUuid,
  screenText,
} from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findThread, insertThread, listThreads, newestOrDefault } from '../db/repos/threads.ts';
import { countLive } from '../db/repos/topics.ts';
import { saveFilter } from '../db/repos/users.ts';
import { decodeCursor, nextCursor } from '../domain/cursor.ts';
import { threadView } from '../domain/views.ts';
import { assertUnlocked, locked, lockedFor, pageSize } from '../domain/gate.ts';
import { topicsRelay } from '../events/outbox.ts';

/** The name of the theme made for a sub-category and area that has none yet. */
export const defaultThreadName = (subCategoryName: string) => `みんなの「${subCategoryName}」`;

export function threadRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Category and sub-category must exist and belong together (after the presence rules). */
  const checkTheme = (body: { category_id?: number; sub_category_id?: number }, errors: FieldErrors) => {
    if (errors.category_id || errors.sub_category_id) return;
    if (!ctx.reference.category(body.category_id)) errors.category_id = messages.categoryRequired;
    else if (ctx.reference.subCategory(body.sub_category_id)?.category_id !== body.category_id)
      errors.sub_category_id = messages.subCategoryRequired;
  };
  const remember = (userId: string, t: { id: string; area_id: number; category_id: number; sub_category_id: number }) =>
    saveFilter(
      ctx.db,
      userId,
      {
        area_id: t.area_id,
        category_id: t.category_id,
        sub_category_id: t.sub_category_id,
        latest_joined_thread: t.id,
      },
      ctx.clock.now(),
    );

  route(app, ctx, topicsEndpoints.createThread, async ({ body, caller }) => {
    const errors = validateThreadCreate(body);
    checkTheme(body, errors);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    await assertUnlocked(ctx, caller.userId, body.sub_category_id!);
    await assertMaySpeak(ctx.db, caller.userId, ctx.clock.now());
    // A theme's name is refused for a hold word (nothing shows a theme to its maker only, ADR 0037);
    // a flagged one is saved and queued with it.
    const written = body.name!.trim();
    const screened = screenText({ name: written }, { lists: ctx.filterLists });
    const { name } = screened.fields;
    const id = randomUUID();
    const flagged = flaggedText(
      screened.flagged,
      { user_id: caller.userId, where: 'theme', ref: id, texts: { name: written } },
      ctx.clock.now(),
    );
    const thread = await insertThread(
      ctx.db,
      {
        id,
        name,
        area_id: body.area_id!,
        category_id: body.category_id!,
        sub_category_id: body.sub_category_id!,
        user_id: caller.userId,
        is_default: false,
        created_at: ctx.clock.now(),
      },
      flagged,
    );
    if (flagged) await topicsRelay(ctx).now();
    await remember(caller.userId, thread);
    return ok(threadView(thread, caller.userId, { total: 0, total_callable: 0 }));
  });

  route(app, ctx, topicsEndpoints.joinThread, async ({ body, caller }) => {
    const errors = validateThemeChoice(body);
    checkTheme(body, errors);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    await assertUnlocked(ctx, caller.userId, body.sub_category_id!);
    const sub = ctx.reference.subCategory(body.sub_category_id)!;
    const { thread } = await newestOrDefault(ctx.db, {
      id: randomUUID(),
      name: defaultThreadName(sub.name),
      area_id: body.area_id!,
      category_id: body.category_id!,
      sub_category_id: sub.id,
      user_id: null,
      is_default: true,
      created_at: ctx.clock.now(),
    });
    await remember(caller.userId, thread);
    return ok(threadView(thread, caller.userId, await countLive(ctx.db, thread.id, ctx.clock.now())));
  });

  route(app, ctx, topicsEndpoints.threads, async ({ query, caller }) => {
    if (query.category_id && !query.sub_category_id)
      throw new AppError(403, 'missing_parameters', messages.missingParameters);
    const excluded = await lockedFor(ctx, caller.userId);
    if (query.sub_category_id && excluded.includes(query.sub_category_id)) throw locked();
    const rows = await listThreads(
      ctx.db,
      {
        areaId: areaFilter(query.area_id),
        categoryId: query.category_id || undefined,
        subCategoryId: query.sub_category_id || undefined,
        excludeSubCategories: excluded,
      },
      decodeCursor(query.last_doc_id),
      pageSize(query.per_page),
    );
    return ok(
      rows.map((r) => threadView(r, caller.userId)),
      nextCursor(rows, (r) => new Date(r.created_at)),
    );
  });

  route(app, ctx, topicsEndpoints.thread, async ({ params, caller }) => {
    const thread = isUuid(params.id) ? await findThread(ctx.db, params.id) : undefined;
    if (!thread) throw notFound();
    await assertUnlocked(ctx, caller.userId, thread.sub_category_id);
    return ok(threadView(thread, caller.userId, await countLive(ctx.db, thread.id, ctx.clock.now())));
  });
}
