import { messages } from '@honne/contracts/messages';
import { AppError } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { unlockedFor } from '../db/repos/reference.ts';

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

export const pageSize = (perPage: number | undefined) => perPage ?? 30;
