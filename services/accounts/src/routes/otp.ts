import { messages } from '@honne/contracts/messages';
import { profileEndpoints, toE164Japan } from '@honne/contracts/profile';
import { fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { checkCode, putCode } from '../db/repos/one-time-codes.ts';
import { codeMatches, generateCode, hashCode } from '../domain/verify-code.ts';
import { CodeGuard, mailGuardOf, sourceOf } from '../guards.ts';
import { otpMessage } from '../mail/templates.ts';

/**
 * The prototype phone sign-in of spec §2 (/OTP → /OTPConfirm → /OTPResult). Codes go out like
 * e-mail codes: through the mailer, so without an SMS provider they land in the outbox folder.
 */
export function otpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const phoneOf = (raw: string | undefined) => {
    if (!raw || raw.trim() === '') throw fieldErrors({ phone: messages.phoneRequired });
    const phone = toE164Japan(raw);
    if (!phone) throw fieldErrors({ phone: messages.phoneInvalid });
    return phone;
  };

  const mail = mailGuardOf(ctx.cache, ctx.config);
  // Wrong codes per phone per hour across every code sent (issue 25: 50 guesses in 0.3 s), as sign-up.
  const guard = new CodeGuard(ctx.cache, 'otp');

  route(app, ctx, profileEndpoints.otp, async ({ body, request }) => {
    const phone = phoneOf(body.phone);
    const code = generateCode();
    const now = ctx.clock.now();
    const ttl = ctx.config.verifyCodeTtlSeconds;
    if (!(await mail.allow(phone, sourceOf(request)))) return ok({ phone, expires_in: ttl });
    await putCode(
      ctx.db,
      'otp',
      phone,
      hashCode(code, ctx.config.jwtSecret, `otp:${phone}`),
      new Date(now.getTime() + ttl * 1000),
      now,
    );
    await ctx.mailer.send(otpMessage(phone, code, ttl));
    return ok({ phone, expires_in: ttl });
  });

  route(app, ctx, profileEndpoints.otpVerify, async ({ body }) => {
    const phone = phoneOf(body.phone);
    const code = body.code ?? '';
    if (await guard.exhausted(phone)) throw fieldErrors({ code: messages.verifyCodeTooManyAttempts });
    const result = /^\d{6}$/.test(code)
      ? await checkCode(
          ctx.db,
          'otp',
          phone,
          (row) => codeMatches(code, row.code_hash, ctx.config.jwtSecret, `otp:${phone}`),
          {
            now: ctx.clock.now(),
            maxAttempts: ctx.config.verifyCodeMaxAttempts,
            consume: true,
          },
        )
      : 'wrong';
    if (result === 'wrong') await guard.failed(phone);
    if (result !== 'ok')
      throw fieldErrors({
        code: result === 'too_many_attempts' ? messages.verifyCodeTooManyAttempts : messages.otpInvalid,
      });
    return ok({ ok: true });
  });
}
