import { normaliseEmail, checkEmail } from '@honne/contracts/accounts';
import { messages } from '@honne/contracts/messages';
import { profileEndpoints, validateChangePassword, validateResetPassword } from '@honne/contracts/profile';
import { assertNoFieldErrors, fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { checkCode, putCode, type CodeResult } from '../db/repos/one-time-codes.ts';
import { familyOf, parentOf, updateUser } from '../db/repos/users.ts';
import { hashPassword, verifyPassword } from '../domain/password.ts';
import { currentUser, endAllSessions } from '../domain/sessions.ts';
import { codeMatches, generateCode, hashCode } from '../domain/verify-code.ts';
import { CodeGuard, mailGuardOf, sourceOf } from '../guards.ts';
import { resetMail, resetUnknownMail } from '../mail/templates.ts';

const codeErrors: Record<Exclude<CodeResult, 'ok'>, string> = {
  missing: messages.verifyCodeExpired,
  expired: messages.verifyCodeExpired,
  too_many_attempts: messages.verifyCodeTooManyAttempts,
  wrong: messages.verifyCodeInvalid,
};

export function passwordRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, profileEndpoints.changePassword, async ({ caller, body }) => {
    assertNoFieldErrors(validateChangePassword(body));
    const user = await currentUser(ctx, caller.userId);
    const parent = await parentOf(ctx.db, user.email_id);
    if (!parent || !(await verifyPassword(body.password!, parent.password_hash))) {
      throw fieldErrors({ password: messages.currentPasswordWrong });
    }
    await updateUser(ctx.db, parent.id, {
      password_hash: await hashPassword(body.new_password!),
      updated_at: ctx.clock.now(),
    });
    return ok({ message: messages.passwordChanged });
  });

  const mail = mailGuardOf(ctx.cache, ctx.config);
  route(app, ctx, profileEndpoints.requestReset, async ({ body, request }) => {
    const email = normaliseEmail(body.email ?? '');
    const emailError = checkEmail(email);
    if (emailError) throw fieldErrors({ email: emailError });
    const ttl = ctx.config.verifyCodeTtlSeconds;
    // Counted before the address is looked up, registered or not: past a cap, the same answer.
    if (!(await mail.allow(email, sourceOf(request)))) return ok({ email, verify_code_expires_in: ttl });
    const parent = await parentOf(ctx.db, email);
    if (parent) {
      const code = generateCode();
      const now = ctx.clock.now();
      await putCode(
        ctx.db,
        'reset',
        email,
        hashCode(code, ctx.config.jwtSecret, `reset:${email}`),
        new Date(now.getTime() + ttl * 1000),
        now,
      );
      await ctx.mailer.send(resetMail(email, code, ttl));
    } else {
      // The same answer for unknown addresses (nobody can probe for accounts); the owner of the
      // address learns there is no account, instead of waiting for a code that never comes.
      await ctx.mailer.send(resetUnknownMail(email));
    }
    return ok({ email, verify_code_expires_in: ttl });
  });

  const guard = new CodeGuard(ctx.cache, 'reset');
  /** A new code resets its own attempt count, but never the address's hourly one. */
  const check = async (email: string, code: string, consume: boolean): Promise<CodeResult> => {
    if (await guard.exhausted(email)) return 'too_many_attempts';
    const result = await checkCode(
      ctx.db,
      'reset',
      email,
      (row) => codeMatches(code, row.code_hash, ctx.config.jwtSecret, `reset:${email}`),
      {
        now: ctx.clock.now(),
        maxAttempts: ctx.config.verifyCodeMaxAttempts,
        consume,
      },
    );
    if (result === 'wrong') await guard.failed(email);
    return result;
  };

  route(app, ctx, profileEndpoints.verifyReset, async ({ body }) => {
    const email = normaliseEmail(body.email ?? '');
    if (!/^\d{6}$/.test(body.verify_code ?? '')) throw fieldErrors({ verify_code: messages.verifyCodeFormat });
    const result = await check(email, body.verify_code!, false);
    if (result !== 'ok') throw fieldErrors({ verify_code: codeErrors[result] });
    return ok({ ok: true });
  });

  route(app, ctx, profileEndpoints.resetPassword, async ({ body }) => {
    assertNoFieldErrors(validateResetPassword(body));
    const email = normaliseEmail(body.email!);
    const result = await check(email, body.verify_code!, true);
    if (result !== 'ok') throw fieldErrors({ verify_code: codeErrors[result] });
    const parent = await parentOf(ctx.db, email);
    if (!parent) throw fieldErrors({ verify_code: messages.verifyCodeExpired });
    await updateUser(ctx.db, parent.id, {
      password_hash: await hashPassword(body.password!),
      updated_at: ctx.clock.now(),
    });
    // Whoever knew the old password is signed out everywhere, on every character.
    for (const member of await familyOf(ctx.db, parent.email_id))
      await endAllSessions(ctx, member.id, 'password_reset');
    return ok({ message: messages.resetDone });
  });
}
