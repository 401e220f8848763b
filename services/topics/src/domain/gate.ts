import { messages } from '@honne/contracts/messages';
import { AppError, blockedEitherWay, notFound, isUuid } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { unlockedFor } from '../db/repos/reference.ts';
import { findLive, moderatedAway } from '../db/repos/topics.ts';
import type { TopicWithPoster } from '../db/schema/index.ts';

export const locked = () => new AppError(403, 'locked', messages.subCategoryLocked);

/** Gated sub-categories the caller has not unlocked: their themes and voices stay out of sight. */
export async function lockedFor(ctx: AppContext, userId: string): Promise<number[]> {
  if (ctx.reference.gated.length === 0) return [];
  const unlocked = await unlockedFor(ctx.db, userId);
  return ctx.reference.gated.filter((id) => !unlocked.has(id));
}

export async function assertUnlocked(ctx: AppContext, userId: string, subCategoryId: number): Promise<void> {
  if (!ctx.reference.gated.includes(subCategoryId)) return;
  if ((await lockedFor(ctx, userId)).includes(subCategoryId)) throw locked();
}

/** Either of the two blocks the other: each is hidden from the other wherever both are named. */
export const blocked = (ctx: AppContext, a: string, b: string) => a !== b && blockedEitherWay(ctx.db, a, b);

/**
 * A person block hides the other's voice when the voice is named; an anonymous voice stays, or
 * blocking suspects one by one and watching it vanish would name its poster (ADR 0020).
 */
const hiddenByBlock = (ctx: AppContext, viewerId: string, t: Pick<TopicWithPoster, 'user_id' | 'is_anonymous'>) =>
  !t.is_anonymous && blocked(ctx, viewerId, t.user_id);

/**
 * May `viewerId` see this voice: its sub-category open to them, no block either way with its poster,
 * and not taken away by moderation.
 */
export async function mayView(
  ctx: AppContext,
  viewerId: string,
  t: Pick<TopicWithPoster, 'id' | 'user_id' | 'sub_category_id' | 'is_anonymous'>,
): Promise<boolean> {
  if (ctx.reference.gated.includes(t.sub_category_id) && (await lockedFor(ctx, viewerId)).includes(t.sub_category_id))
    return false;
  if (await hiddenByBlock(ctx, viewerId, t)) return false;
  return !(await moderatedAway(ctx.db, t, viewerId, ctx.clock.now()));
}

/**
 * A live voice as every path that reads or touches one sees it (detail, heart, click, report,
 * opening a room): gone when expired, hidden by moderation, or when a block stands between the caller and its poster,
 * locked when its sub-category is gated and not unlocked.
 */
export async function visibleTopic(ctx: AppContext, callerId: string, id: string): Promise<TopicWithPoster> {
  const row = isUuid(id) ? await findLive(ctx.db, id, ctx.clock.now()) : undefined;
  // A voice moderation took away answers like one that no longer exists (issue 27).
  if (
    !row ||
    (await hiddenByBlock(ctx, callerId, row)) ||
    (await moderatedAway(ctx.db, row, callerId, ctx.clock.now()))
  )
    throw notFound(messages.voiceGone);
  await assertUnlocked(ctx, callerId, row.sub_category_id);
  return row;
}

export const pageSize = (perPage: number | undefined) => perPage ?? 30;
