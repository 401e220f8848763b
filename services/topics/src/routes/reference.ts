import { messages } from '@honne/contracts/messages';
import { topicsEndpoints } from '@honne/contracts/topics';
import {
  AppError,
  CACHE_PRIVATE,
  CACHE_PUBLIC,
  fieldErrors,
  notFound,
  ok,
  route,
  type Caller,
} from '@honne/service-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';

import type { AppContext } from '../context.ts';
import { recordUnlock, subCategoryView, unlockedFor } from '../db/repos/reference.ts';
import { UNLOCK_FAILURES_PER_HOUR, verifyPassword } from '../domain/password.ts';

export function referenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const ref = ctx.reference;

  // Reference data is public (the splash loads it before login). Signed in, the answer says which
  // gates the caller passed, so it is private to them and short-lived; signed out, it is the same
  // for everyone and any cache may keep it.
  const unlockedOf = async (caller: Caller | undefined, reply: FastifyReply) => {
    void reply.header('cache-control', caller ? CACHE_PRIVATE : CACHE_PUBLIC).header('vary', 'authorization');
    return caller ? unlockedFor(ctx.db, caller.userId) : new Set<number>();
  };

  route(app, ctx, topicsEndpoints.categories, async ({ reply }) => {
    void reply.header('cache-control', CACHE_PUBLIC);
    return ok(ref.categories);
  });

  route(app, ctx, topicsEndpoints.subCategories, async ({ query, caller, reply }) => {
    const unlocked = await unlockedOf(caller, reply);
    const list = query.category_id
      ? ref.subCategories.filter((s) => s.category_id === query.category_id)
      : ref.subCategories;
    return ok(list.map((s) => subCategoryView(s, unlocked)));
  });

  // The spec lists POST /subCategories beside GET: the same list, the category in the body.
  route(app, ctx, topicsEndpoints.subCategoriesPost, async ({ body, caller, reply }) => {
    const unlocked = await unlockedOf(caller, reply);
    const categoryId = body.category_id == null || body.category_id === '' ? undefined : Number(body.category_id);
    const list = categoryId ? ref.subCategories.filter((s) => s.category_id === categoryId) : ref.subCategories;
    return ok(list.map((s) => subCategoryView(s, unlocked)));
  });

  route(app, ctx, topicsEndpoints.subCategory, async ({ params, caller, reply }) => {
    const sub = ref.subCategory(params.id);
    if (!sub) throw notFound();
    return ok(subCategoryView(sub, await unlockedOf(caller, reply)));
  });

  route(app, ctx, topicsEndpoints.unlockSubCategory, async ({ params, body, caller }) => {
    const sub = ref.subCategory(params.id);
    if (!sub) throw notFound();
    if (sub.pw_hash) {
      const failures = `unlock-failures:${caller.userId}`;
      if (Number((await ctx.cache.get(failures)) ?? 0) >= UNLOCK_FAILURES_PER_HOUR)
        throw new AppError(429, 'too_many_failures', messages.rateLimited, { pw: messages.rateLimited });
      if (!(await verifyPassword(body.pw ?? '', sub.pw_hash))) {
        await ctx.cache.incrWindow(failures, 60 * 60);
        throw fieldErrors({ pw: messages.subCategoryPasswordWrong });
      }
      await recordUnlock(ctx.db, caller.userId, sub.id, ctx.clock.now());
    }
    return ok(subCategoryView(sub, await unlockedFor(ctx.db, caller.userId)));
  });
}
