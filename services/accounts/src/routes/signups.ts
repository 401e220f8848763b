import { randomUUID } from 'node:crypto';

import { accountsEndpoints, normaliseEmail, validateSignUp, validateVerify } from '@honne/contracts/accounts';
import { events } from '@honne/contracts/events';
import { messages } from '@honne/contracts/messages';
import { assertNoFieldErrors, fieldErrors, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { consumeAll, countAttempt, insertPending, livePending, replaceCode } from '../db/repos/pending-signups.ts';
import { findByEmail, insertUser } from '../db/repos/users.ts';
import type { PendingSignup } from '../db/schema/pending-signups.ts';
import { withEvents } from '../events/outbox.ts';
import { assertAddressAllowed } from '../domain/banned-addresses.ts';
import { hashPassword } from '../domain/password.ts';
import { startSession } from '../domain/sessions.ts';
import { codeMatches, generateCode, hashCode } from '../domain/verify-code.ts';
import { CodeGuard, mailGuardOf, sourceOf } from '../guards.ts';
import { verificationMail } from '../mail/templates.ts';

export function signupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const guard = new CodeGuard(ctx.cache, 'verify');
  const mail = mailGuardOf(ctx.cache, ctx.config);

  route(app, ctx, accountsEndpoints.signUp, async ({ body }) => {
    assertNoFieldErrors(validateSignUp(body));
    const email = normaliseEmail(body.email!);
    // Before "already registered": a banned address is told no more than that it cannot be used.
    await assertAddressAllowed(ctx, email);
    if (await findByEmail(ctx.db, email)) throw fieldErrors({ email: messages.emailTaken });
    const now = ctx.clock.now();
    const id = randomUUID();
    const code = generateCode();
    const pending = await insertPending(
      ctx.db,
      {
        email,
        password_hash: await hashPassword(body.password!),
        code_hash: hashCode(code, ctx.config.jwtSecret, id),
        expires_at: new Date(now.getTime() + ctx.config.verifyCodeTtlSeconds * 1000),
      },
      now,
      id,
    );
    // Per address only: each sign-up is a new address, and the gateway's strict limit bounds a source.
    if (await mail.allow(email, null))
      await ctx.mailer.send(verificationMail(email, code, ctx.config.verifyCodeTtlSeconds));
    return ok(signupBody(pending.id, email, ctx));
  });

  route(app, ctx, accountsEndpoints.resendCode, async ({ body, request }) => {
    const email = normaliseEmail(body.email ?? '');
    const now = ctx.clock.now();
    const [pending] = await livePending(ctx.db, email, now, body.signup_id);
    // The same answer whether or not the address is known, so nobody can probe for accounts.
    if (!pending) return ok(signupBody(body.signup_id ?? randomUUID(), email, ctx));
    const code = generateCode();
    await replaceCode(
      ctx.db,
      pending.id,
      hashCode(code, ctx.config.jwtSecret, pending.id),
      new Date(now.getTime() + ctx.config.verifyCodeTtlSeconds * 1000),
    );
    if (await mail.allow(email, sourceOf(request)))
      await ctx.mailer.send(verificationMail(email, code, ctx.config.verifyCodeTtlSeconds));
    return ok(signupBody(pending.id, email, ctx));
  });

  route(app, ctx, accountsEndpoints.verify, async ({ body }) => {
    assertNoFieldErrors(validateVerify(body));
    const email = normaliseEmail(body.email!);
    const code = body.verify_code!;
    const now = ctx.clock.now();
    if (await guard.exhausted(email)) throw fieldErrors({ verify_code: messages.verifyCodeTooManyAttempts });
    // A sign-up started before its address was banned does not finish either.
    await assertAddressAllowed(ctx, email);
    const candidates = await livePending(ctx.db, email, now, body.signup_id);
    if (candidates.length === 0) {
      const existing = await findByEmail(ctx.db, email);
      throw fieldErrors({ verify_code: existing ? messages.alreadyVerified : messages.verifyCodeExpired });
    }
    const match = await findMatching(ctx, candidates, code);
    if (match === 'exhausted') throw fieldErrors({ verify_code: messages.verifyCodeTooManyAttempts });
    if (!match) {
      await guard.failed(email);
      throw fieldErrors({ verify_code: messages.verifyCodeInvalid });
    }
    const user = await withEvents(ctx, async (trx, emit) => {
      // Deleting the sign-ups first makes a double submit of the same code find nothing to consume.
      if (!(await consumeAll(trx, email, match.id))) return undefined;
      const created = await insertUser(trx, email, match.password_hash, now, ctx.config.defaultRank);
      if (!created) return undefined;
      // Points opens the ledger account from this: it commits with the user or not at all.
      await emit(events.userRegistered, {
        user_id: created.id,
        email_id: created.email_id,
        registered_at: now.toISOString(),
      });
      return created;
    });
    if (!user) throw fieldErrors({ verify_code: messages.alreadyVerified });
    const session = await startSession(ctx, user, body);
    return ok({ is_active: 1, ...session });
  });
}

/** Checks the code against each live sign-up, counting an attempt on each one it tries. */
async function findMatching(
  ctx: AppContext,
  candidates: PendingSignup[],
  code: string,
): Promise<PendingSignup | 'exhausted' | undefined> {
  let tried = 0;
  for (const candidate of candidates) {
    const attempts = await countAttempt(ctx.db, candidate.id, ctx.config.verifyCodeMaxAttempts);
    if (attempts === undefined) continue;
    tried++;
    if (codeMatches(code, candidate.code_hash, ctx.config.jwtSecret, candidate.id)) return candidate;
  }
  return tried === 0 ? 'exhausted' : undefined;
}

function signupBody(signupId: string, email: string, ctx: AppContext) {
  return { email, is_active: 0, verify_code_expires_in: ctx.config.verifyCodeTtlSeconds, signup_id: signupId };
}
