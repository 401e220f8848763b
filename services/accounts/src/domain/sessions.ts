import { randomUUID } from 'node:crypto';

import type { DeviceFields, Session } from '@honne/contracts/accounts';
import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { ACCESS_TOKEN_TTL_SECONDS, AppError, NOTICE_TOKEN_TTL_SECONDS, unauthorized } from '@honne/service-kit';
import type { Static } from '@sinclair/typebox';

import type { AppContext } from '../context.ts';
import { restrictedNow } from '../db/repos/restrictions.ts';
import { insertSession, liveSessions, revokeSessions } from '../db/repos/sessions.ts';
import { findById, lockUser } from '../db/repos/users.ts';
import type { User } from '../db/schema/users.ts';

// Sessions: signing in on a device, ending sessions, and the signed-in user.

export type DeviceInput = { [K in keyof typeof DeviceFields]?: Static<(typeof DeviceFields)[K]> };

/** The caller's user row; a session whose user is gone is no longer signed in. */
export async function currentUser(ctx: AppContext, userId: string): Promise<User> {
  const user = await findById(ctx.db, userId);
  if (!user) throw unauthorized();
  return user;
}

/**
 * Signs a user in on one device. Every other live session ends: a session on another device is
 * forced out with the spec's message, an older one of the same device ends quietly.
 */
export async function startSession(ctx: AppContext, user: User, device: DeviceInput): Promise<Session> {
  const now = ctx.clock.now();
  // A suspended or banned person signs in with none of their characters (login, switch, sign-up).
  // They get a notice token instead, which reads their notices and appeals and does nothing else
  // (the gateway holds it to `whileRestricted` endpoints); it is no session, so nothing can refresh it.
  if (await restrictedNow(ctx.db, user.email_id, now)) {
    const noticeToken = await ctx.tokens.issue(
      { userId: user.id, sessionId: randomUUID(), scope: 'notices' },
      now,
      NOTICE_TOKEN_TTL_SECONDS,
    );
    throw new AppError(403, 'account_restricted', messages.accountRestricted, undefined, { notice_token: noticeToken });
  }
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

export type EndReason = 'other_device' | 'replaced' | 'logout' | 'password_reset' | 'deleted' | 'restricted';

export async function endSessions(
  ctx: AppContext,
  userId: string,
  sessionIds: string[],
  reason: EndReason,
): Promise<void> {
  const ended = await revokeSessions(ctx.db, sessionIds, reason, ctx.clock.now());
  await announceEnded(ctx, userId, ended, reason);
}

/** Ends every live session of `userId` (a deletion, a password reset): each device is told why. */
export async function endAllSessions(ctx: AppContext, userId: string, reason: EndReason): Promise<void> {
  const live = await liveSessions(ctx.db, userId);
  await endSessions(
    ctx,
    userId,
    live.map((s) => s.id),
    reason,
  );
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

export function sessionBody(user: User, accessToken: string): Session {
  return {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    is_infomation: user.is_infomation,
    user_id: user.id,
  };
}
