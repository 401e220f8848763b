import { safetyEndpoints } from '@honne/contracts/safety';
import { ok } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import {
  addFilterEntry,
  currentLists,
  editFilterEntry,
  removeFilterEntry,
  tryFilter,
} from '../moderation/filter-lists.ts';
import { decideHeld } from '../moderation/held.ts';
import { consoleRoute } from './console.ts';
import { reportView } from './queue.ts';

/** The filter's lists in the console (ADR 0028): read and "try" for triage, edits for moderators and admins. */
export function filterRoutes(app: FastifyInstance, ctx: AppContext): void {
  consoleRoute(app, ctx, safetyEndpoints.filterEntries, async () => ok(await currentLists(ctx)));

  consoleRoute(app, ctx, safetyEndpoints.addFilterEntry, async ({ body, by }) =>
    ok(await addFilterEntry(ctx, by, body)),
  );

  consoleRoute(app, ctx, safetyEndpoints.editFilterEntry, async ({ params, body, by }) =>
    ok(await editFilterEntry(ctx, by, params.id, body)),
  );

  consoleRoute(app, ctx, safetyEndpoints.removeFilterEntry, async ({ params, by }) => {
    await removeFilterEntry(ctx, by, params.id);
    return ok({ ok: true });
  });

  consoleRoute(app, ctx, safetyEndpoints.releaseHeld, async ({ params, by }) =>
    ok(reportView(await decideHeld(ctx, by, params.id, true))),
  );

  consoleRoute(app, ctx, safetyEndpoints.discardHeld, async ({ params, by }) =>
    ok(reportView(await decideHeld(ctx, by, params.id, false))),
  );

  consoleRoute(app, ctx, safetyEndpoints.tryFilter, async ({ body }) =>
    ok(await tryFilter(ctx, body.text, body.theme)),
  );
}
