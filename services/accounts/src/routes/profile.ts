import { accountsEndpoints } from '@honne/contracts/accounts';
import { requests } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { AppError, ok, route, unauthorized } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findById } from '../db/repos/users.ts';
import { toProfile } from '../domain/profile.ts';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, accountsEndpoints.profile, async ({ caller }) => {
    const user = await findById(ctx.db, caller.userId);
    if (!user) throw unauthorized();
    return ok(toProfile(user, await balanceOf(ctx, user.id)));
  });
}

/** The points service owns balances; the profile asks it rather than keeping a copy that could drift. */
async function balanceOf(ctx: AppContext, userId: string): Promise<number> {
  try {
    return (await ctx.bus.request(requests.balanceGet, { user_id: userId }, 2000)).balance;
  } catch (err) {
    ctx.log.error({ err, userId }, 'points balance unavailable');
    throw new AppError(503, 'points_unavailable', messages.unexpected);
  }
}
