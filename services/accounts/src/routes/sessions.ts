import { accountsEndpoints, normaliseEmail, validateLogin } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import { AppError, assertNoFieldErrors, ok, route, unauthorized } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { ACCOUNTS_DEFAULTS } from '../config.ts';
import type { AppContext } from '../context.ts';
import { findLive } from '../db/repos/sessions.ts';
import { findByEmail, findById } from '../db/repos/users.ts';
import { burnPasswordCheck, verifyPassword } from '../domain/password.ts';
import { endSessions, sessionBody, startSession } from '../domain/sessions.ts';
import { LoginGuard, sourceOf } from '../guards.ts';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const guard = new LoginGuard(
    ctx.cache,
    ctx.config.loginMaxFailures,
    ctx.config.loginMaxFailuresPerAddress ?? ACCOUNTS_DEFAULTS.loginMaxFailuresPerAddress,
  );

  route(app, ctx, accountsEndpoints.login, async ({ body, request }) => {
    assertNoFieldErrors(validateLogin(body));
    const email = normaliseEmail(body.email!);
    const source = sourceOf(request);
    if (await guard.refused(email, source)) throw new AppError(429, 'too_many_failures', messages.rateLimited);
    const user = await findByEmail(ctx.db, email);
    const passwordOk = user
      ? await verifyPassword(body.password!, user.password_hash)
      : (await burnPasswordCheck(body.password!), false);
    if (!user || !passwordOk) {
      await guard.failed(email, source);
      throw new AppError(403, 'login_failed', messages.loginFailed);
    }
    await guard.succeeded(email, source);
    return ok(await startSession(ctx, user, body));
  });

  route(app, ctx, accountsEndpoints.refresh, async ({ caller }) => {
    const session = await findLive(ctx.db, caller.sessionId);
    const user = session && (await findById(ctx.db, session.user_id));
    if (!session || !user) throw unauthorized();
    const accessToken = await ctx.tokens.issue({ userId: user.id, sessionId: session.id }, ctx.clock.now());
    return ok(sessionBody(user, accessToken));
  });

  route(app, ctx, accountsEndpoints.logout, async ({ caller }) => {
    await endSessions(ctx, caller.userId, [caller.sessionId], 'logout');
    return ok({ ok: true });
  });
}
