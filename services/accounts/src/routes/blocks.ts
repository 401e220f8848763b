import { events } from '@honne/contracts/events';
import { FRIENDS_PAGE_SIZE, friendsEndpoints, validateReport } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { assertNoFieldErrors, forbidden, notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { block, blockPage, findBlock, unblock } from '../db/repos/blocks.ts';
import { removeFriendPair } from '../db/repos/friends.ts';
import { findByEmail, findById } from '../db/repos/users.ts';
import { imageOf } from '../domain/profile.ts';
import { announceFriendship } from './friends.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, friendsEndpoints.blocks, async ({ caller, query }) => {
    const after =
      query.last_doc_id && UUID.test(query.last_doc_id) ? await findBlock(ctx.db, query.last_doc_id) : undefined;
    const rows = await blockPage(ctx.db, caller.userId, after, query.per_page ?? FRIENDS_PAGE_SIZE);
    const data = rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, user_name: r.user_name, profile_image: imageOf(r) },
    }));
    return ok(data, data.at(-1)?.id ?? null);
  });

  route(app, ctx, friendsEndpoints.block, async ({ caller, body }) => {
    if (body.id === caller.userId) throw forbidden(messages.cannotBlockSelf);
    const other = UUID.test(body.id) ? await findById(ctx.db, body.id) : undefined;
    if (!other) throw notFound();
    if (await block(ctx.db, caller.userId, other.id, ctx.clock.now())) {
      await ctx.bus.publish(events.blockChanged, {
        blocker_id: caller.userId,
        blocked_id: other.id,
        blocked: true,
        at: ctx.clock.now().toISOString(),
      });
      // A block ends the friendship too: the blocked user cannot reach the blocker through it.
      if (await removeFriendPair(ctx.db, caller.userId, other.id))
        await announceFriendship(ctx, caller.userId, other.id, false);
    }
    return ok(true);
  });

  route(app, ctx, friendsEndpoints.unblock, async ({ caller, body }) => {
    if (await unblock(ctx.db, caller.userId, body.id)) {
      await ctx.bus.publish(events.blockChanged, {
        blocker_id: caller.userId,
        blocked_id: body.id,
        blocked: false,
        at: ctx.clock.now().toISOString(),
      });
    }
    return ok(true);
  });

  route(app, ctx, friendsEndpoints.report, async ({ caller, body }) => {
    const target =
      body.user_id && UUID.test(body.user_id)
        ? await findById(ctx.db, body.user_id)
        : body.email
          ? await findByEmail(ctx.db, body.email.trim().toLowerCase())
          : undefined;
    if (!target) throw notFound();
    if (target.id === caller.userId) throw forbidden(messages.cannotReportSelf);
    assertNoFieldErrors(validateReport(body.report));
    // Newlines are kept as written; screens turn them into line breaks.
    await ctx.db
      .insertInto('user_reports')
      .values({
        reporter_id: caller.userId,
        reported_id: target.id,
        report: body.report!.trim(),
        created_at: ctx.clock.now(),
      })
      .execute();
    return ok({ message: 'success' });
  });
}
