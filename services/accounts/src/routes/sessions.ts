import { randomUUID } from 'node:crypto';

import { accountsEndpoints, normaliseEmail, validateLogin } from '@honne/contracts/accounts';
import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { ACCESS_TOKEN_TTL_SECONDS, AppError, assertNoFieldErrors, ok, route, unauthorized } from '@honne/service-kit';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

import type { DeviceFields, Session } from '@honne/contracts/accounts';

import { ACCOUNTS_DEFAULTS } from '../config.ts';
import type { AppContext } from '../context.ts';
import { findLive, insertSession, liveSessions, revokeSessions } from '../db/repos/sessions.ts';
import { findByEmail, findById, lockUser } from '../db/repos/users.ts';
import type { User } from '../db/schema/users.ts';
import { burnPasswordCheck, verifyPassword } from '../domain/password.ts';
import { LoginGuard, sourceOf } from '../guards.ts';

type DeviceInput = { [K in keyof typeof DeviceFields]?: Static<(typeof DeviceFields)[K]> };

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

/**
 * Signs a user in on one device. Every other live session ends: a session on another device is
 * forced out with the spec's message, an older one of the same device ends quietly.
 */
export async function startSession(ctx: AppContext, user: User, device: DeviceInput): Promise<Session> {
  const now = ctx.clock.now();
  const deviceId = device.device_id?.trim() || `unknown-${randomUUID()}`;
  const { accessToken, otherDevice, sameDevice } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const live = await liveSessions(trx, user.id);
    const other = live.filter((s) => s.device_id !== deviceId).map((s) => s.id);
    const same = live.filter((s) => s.device_id === deviceId).map((s) => s.id);
    const revokedOther = await revokeSessions(trx, other, 'other_device', now);
    const revokedSame = await revokeSessions(trx, same, 'replaced', now);
    const session = await insertSession(
      trx,
      user.id,
      {
        device_id: deviceId,
        device_type: device.device_type ?? null,
        fcm_token: device.fcm_token ?? null,
        voip_token: device.voip_token ?? null,
      },
      now,
    );
    // Marked live while the user row is still locked: a login racing this one revokes it only
    // after it is marked, so the two can never both stay live.
    const token = await ctx.tokens.issue({ userId: user.id, sessionId: session.id }, now);
    return { accessToken: token, otherDevice: revokedOther, sameDevice: revokedSame };
  });
  await announceEnded(ctx, user.id, otherDevice, 'other_device');
  await announceEnded(ctx, user.id, sameDevice, 'replaced');
  return sessionBody(user, accessToken);
}

type EndReason = 'other_device' | 'replaced' | 'logout' | 'password_reset' | 'deleted';

export async function endSessions(
  ctx: AppContext,
  userId: string,
  sessionIds: string[],
  reason: EndReason,
): Promise<void> {
  const ended = await revokeSessions(ctx.db, sessionIds, reason, ctx.clock.now());
  await announceEnded(ctx, userId, ended, reason);
}

/**
 * Tokens of ended sessions stop working at once (the revocation list); gateways close their sockets
 * when they hear of it. Without the bus an open socket stays until it reconnects (and is refused):
 * no reason to fail the logout or deletion that ended the session.
 */
async function announceEnded(ctx: AppContext, userId: string, sessionIds: string[], reason: EndReason): Promise<void> {
  for (const sessionId of sessionIds) {
    await ctx.tokens.revoke(sessionId);
    try {
      await ctx.bus.publish(events.sessionRevoked, { user_id: userId, session_id: sessionId, reason });
    } catch (err) {
      ctx.log.warn(
        { err, session: sessionId },
        'session revocation not announced; open sockets end when they reconnect',
      );
    }
  }
}

function sessionBody(user: User, accessToken: string): Session {
  return {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    is_infomation: user.is_infomation,
    user_id: user.id,
  };
}
