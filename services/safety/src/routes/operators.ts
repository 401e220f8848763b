import { safetyEndpoints } from '@honne/contracts/safety';
import { notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { appendAudit, readAudit } from '../db/repos/audit.ts';
import { disableOperator, listApiKeys, listOperators, revokeApiKey } from '../db/repos/operators.ts';
import { createApiKey, createOperator, signIn, signOut } from '../moderation/operators.ts';
import { consoleRoute } from './console.ts';

/** Sign-in and out, operator accounts, API keys and the audit log. */
export function operatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, safetyEndpoints.signIn, async ({ body }) => ok(await signIn(ctx, body)));

  consoleRoute(app, ctx, safetyEndpoints.signOut, async ({ actor }) => {
    await signOut(ctx, actor);
    return ok({ ok: true });
  });

  consoleRoute(app, ctx, safetyEndpoints.listOperators, async () =>
    ok(
      (await listOperators(ctx.db)).map((o) => ({
        id: o.id,
        email: o.email,
        role: o.role,
        disabled: o.disabled_at !== null,
        created_at: o.created_at.toISOString(),
      })),
    ),
  );

  consoleRoute(app, ctx, safetyEndpoints.createOperator, async ({ body, by }) =>
    ok(await createOperator(ctx, by, body)),
  );

  consoleRoute(app, ctx, safetyEndpoints.disableOperator, async ({ params, by }) => {
    const now = ctx.clock.now();
    if (!(await disableOperator(ctx.db, params.id, now))) throw notFound();
    await appendAudit(ctx.db, { actor: by, action: 'operator.disable', target: params.id, at: now });
    return ok({ ok: true });
  });

  consoleRoute(app, ctx, safetyEndpoints.listApiKeys, async () =>
    ok(
      (await listApiKeys(ctx.db)).map((k) => ({
        id: k.id,
        name: k.name,
        scopes: k.scopes,
        created_by: k.created_by,
        created_at: k.created_at.toISOString(),
        revoked_at: k.revoked_at?.toISOString() ?? null,
      })),
    ),
  );

  consoleRoute(app, ctx, safetyEndpoints.createApiKey, async ({ body, actor, by }) =>
    ok(await createApiKey(ctx, actor, by, body)),
  );

  consoleRoute(app, ctx, safetyEndpoints.revokeApiKey, async ({ params, by }) => {
    const now = ctx.clock.now();
    if (!(await revokeApiKey(ctx.db, params.id, now))) throw notFound();
    await appendAudit(ctx.db, { actor: by, action: 'api_key.revoke', target: params.id, at: now });
    return ok({ ok: true });
  });

  consoleRoute(app, ctx, safetyEndpoints.audit, async ({ query }) =>
    ok(
      (await readAudit(ctx.db, query.limit ?? 100)).map((a) => ({
        id: String(a.id),
        actor: a.actor,
        action: a.action,
        target: a.target,
        detail: a.detail,
        at: a.at.toISOString(),
      })),
    ),
  );
}
