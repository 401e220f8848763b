import { safetyEndpoints } from '@honne/contracts/safety';
import { ok } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { approvalView, listApprovals } from '../db/repos/approvals.ts';
import { approve, personPoints, refundReport, reject } from '../moderation/money.ts';
import { consoleRoute } from './console.ts';

/** Money in moderation (ADR 0030): refunds, the second operator's approvals, a person's points. */
export function moneyRoutes(app: FastifyInstance, ctx: AppContext): void {
  consoleRoute(app, ctx, safetyEndpoints.refundReport, async ({ params, body, by }) =>
    ok(await refundReport(ctx, by, params.id, body)),
  );
  consoleRoute(app, ctx, safetyEndpoints.approvals, async () =>
    ok((await listApprovals(ctx.db, 100)).map(approvalView)),
  );
  consoleRoute(app, ctx, safetyEndpoints.approve, async ({ params, actor, by }) =>
    ok(await approve(ctx, actor, by, params.id)),
  );
  consoleRoute(app, ctx, safetyEndpoints.reject, async ({ params, body, actor, by }) =>
    ok(await reject(ctx, actor, by, params.id, body.note)),
  );
  consoleRoute(app, ctx, safetyEndpoints.personPoints, async ({ params }) => ok(await personPoints(ctx, params.id)));
}
