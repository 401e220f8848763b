import { safetyEndpoints } from '@honne/contracts/safety';
import { ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { noticesOf } from '../db/repos/notices.ts';
import { findCharacter } from '../db/repos/people.ts';
import { appeal, openTicket, reportFromCall } from '../moderation/reports.ts';

/** What the app asks: the user's notices and appeals, お問い合わせ, the in-call report button. */
export function appRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, safetyEndpoints.notices, async ({ caller }) => {
    const person = (await findCharacter(ctx.db, caller.userId))?.person_id ?? caller.userId;
    const now = ctx.clock.now().getTime();
    return ok(
      (await noticesOf(ctx.db, person)).map((n) => ({
        id: n.id,
        action: n.action,
        title: n.title,
        body: n.body,
        until: n.until?.toISOString() ?? null,
        created_at: n.created_at.toISOString(),
        appeal_until:
          n.appeal_until && !n.appealed_at && n.appeal_until.getTime() > now ? n.appeal_until.toISOString() : null,
        appealed: n.appealed_at !== null,
      })),
    );
  });

  route(app, ctx, safetyEndpoints.appeal, async ({ caller, params, body }) =>
    ok(await appeal(ctx, caller.userId, params.id, body)),
  );

  route(app, ctx, safetyEndpoints.contact, async ({ caller, body }) => ok(await openTicket(ctx, caller.userId, body)));

  route(app, ctx, safetyEndpoints.callReport, async ({ caller, params, body }) =>
    ok(await reportFromCall(ctx, caller.userId, params.id, body.content)),
  );
}
