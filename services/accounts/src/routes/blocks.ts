import { events } from '@honne/contracts/events';
import { FRIENDS_PAGE_SIZE, friendsEndpoints, validateReport } from '@honne/contracts/friends';
import { messages } from '@honne/contracts/messages';
import { assertNoFieldErrors, forbidden, notFound, ok, route, isUuid } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { withEvents } from '../events/outbox.ts';
import { blockPage, findBlock, insertUserReport, unblock } from '../db/repos/blocks.ts';
import { findByEmail, findById } from '../db/repos/users.ts';
import { blockPerson, queueBlocks } from '../domain/blocks.ts';
import { imageOf } from '../domain/profile.ts';

export function blockRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, friendsEndpoints.blocks, async ({ caller, query }) => {
    const after =
      query.last_doc_id && isUuid(query.last_doc_id) ? await findBlock(ctx.db, query.last_doc_id) : undefined;
    const rows = await blockPage(ctx.db, caller.userId, after, query.per_page ?? FRIENDS_PAGE_SIZE);
    const data = rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, user_name: r.user_name, profile_image: imageOf(r) },
    }));
    return ok(data, data.at(-1)?.id ?? null);
  });

  route(app, ctx, friendsEndpoints.block, async ({ caller, body }) => {
    if (body.id === caller.userId) throw forbidden(messages.cannotBlockSelf);
    const other = isUuid(body.id) ? await findById(ctx.db, body.id) : undefined;
    if (!other) throw notFound();
    await blockPerson(ctx, caller.userId, other.id);
    return ok(true);
  });

  route(app, ctx, friendsEndpoints.unblock, async ({ caller, body }) => {
    await withEvents(ctx, async (trx, emit) =>
      (await unblock(trx, caller.userId, body.id)) ? queueBlocks(ctx, trx, emit, caller.userId, body.id) : [],
    );
    return ok(true);
  });

  route(app, ctx, friendsEndpoints.report, async ({ caller, body }) => {
    const target =
      body.user_id && isUuid(body.user_id)
        ? await findById(ctx.db, body.user_id)
        : body.email
          ? await findByEmail(ctx.db, body.email.trim().toLowerCase())
          : undefined;
    if (!target) throw notFound();
    if (target.id === caller.userId) throw forbidden(messages.cannotReportSelf);
    assertNoFieldErrors(validateReport(body.report));
    // Newlines are kept as written; screens turn them into line breaks. The report and the event
    // that files it with the moderation service commit together (the outbox).
    const now = ctx.clock.now();
    const report = body.report!.trim();
    await withEvents(ctx, async (trx, emit) => {
      const id = await insertUserReport(trx, {
        reporter_id: caller.userId,
        reported_id: target.id,
        report,
        created_at: now,
      });
      await emit(events.userReported, {
        report_id: id,
        reporter_id: caller.userId,
        reported_id: target.id,
        content: report,
        at: now.toISOString(),
      });
    });
    return ok({ message: 'success' });
  });
}
