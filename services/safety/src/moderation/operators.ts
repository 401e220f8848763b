import { randomUUID } from 'node:crypto';

import type { EndpointDef } from '@honne/contracts';
import { SAFETY_MESSAGES, type OperatorRole, type Permission } from '@honne/contracts/safety';
import { AppError, burnPasswordCheck, hashPassword, verifyPassword } from '@honne/service-kit';
import type { FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import { appendAudit } from '../db/repos/audit.ts';
import {
  countOperators,
  endSession,
  findOperatorByEmail,
  insertApiKey,
  insertOperator,
  insertSession,
  liveApiKey,
  liveSession,
} from '../db/repos/operators.ts';
import { allows, roleOf, type ConsoleActor } from '../domain/permissions.ts';
import { newSecret, newTotpSecret, otpauthUrl, sameHash, sha256, totpValid } from '../domain/secrets.ts';

const refused = () => new AppError(401, 'console_only', SAFETY_MESSAGES.consoleOnly);

/**
 * The first admin, from SAFETY_BOOTSTRAP_ADMIN_* (README "Bootstrap"), only while no operator
 * exists: once there is one, the variables do nothing, so leaving them set cannot reset anyone.
 */
export async function bootstrapAdmin(ctx: AppContext): Promise<void> {
  const boot = ctx.config.bootstrapAdmin;
  if (!boot || (await countOperators(ctx.db)) > 0) return;
  const id = randomUUID();
  const now = ctx.clock.now();
  const created = await insertOperator(ctx.db, {
    id,
    email: boot.email,
    password_hash: await hashPassword(boot.password),
    totp_secret: boot.totpSecret,
    role: 'admin',
    created_at: now,
  });
  if (!created) return;
  await appendAudit(ctx.db, {
    actor: 'bootstrap',
    action: 'operator.create',
    target: id,
    detail: { role: 'admin' },
    at: now,
  });
  ctx.log.warn({ email: boot.email }, 'first admin created from SAFETY_BOOTSTRAP_ADMIN_*');
}

/** Password and TOTP code, both right, for an enabled operator; a session token that expires. */
export async function signIn(ctx: AppContext, body: { email: string; password: string; totp: string }) {
  const now = ctx.clock.now();
  const email = body.email.trim().toLowerCase();
  const op = await findOperatorByEmail(ctx.db, email);
  if (!op) {
    await burnPasswordCheck(body.password);
    throw new AppError(401, 'sign_in_failed', SAFETY_MESSAGES.signInFailed);
  }
  const ok = (await verifyPassword(body.password, op.password_hash)) && totpValid(op.totp_secret, body.totp, now);
  if (!ok || op.disabled_at) {
    await appendAudit(ctx.db, { actor: `operator:${op.id}`, action: 'session.refused', target: op.id, at: now });
    throw new AppError(401, 'sign_in_failed', SAFETY_MESSAGES.signInFailed);
  }
  const token = newSecret('hso');
  const expires = new Date(now.getTime() + ctx.config.sessionHours * 3_600_000);
  const sessionId = randomUUID();
  await insertSession(ctx.db, {
    id: sessionId,
    operator_id: op.id,
    token_hash: sha256(token),
    created_at: now,
    expires_at: expires,
  });
  await appendAudit(ctx.db, { actor: `operator:${op.id}`, action: 'session.start', target: sessionId, at: now });
  return {
    token,
    expires_at: expires.toISOString(),
    operator: { id: op.id, email: op.email, role: op.role },
  };
}

export async function signOut(ctx: AppContext, actor: ConsoleActor): Promise<void> {
  if (actor.kind !== 'operator') return;
  const now = ctx.clock.now();
  await endSession(ctx.db, actor.sessionId, now);
  await appendAudit(ctx.db, {
    actor: `operator:${actor.operatorId}`,
    action: 'session.end',
    target: actor.sessionId,
    at: now,
  });
}

/** Who the bearer is: an operator's live session (`hso_…`) or a live API key (`hsk_<id>.<secret>`). */
export async function actorOf(ctx: AppContext, request: FastifyRequest): Promise<ConsoleActor | undefined> {
  const header = request.headers.authorization ?? '';
  const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const now = ctx.clock.now();
  if (bearer.startsWith('hso_')) {
    const s = await liveSession(ctx.db, sha256(bearer), now);
    const role = s && roleOf(s.role);
    return s && role ? { kind: 'operator', operatorId: s.operator_id, sessionId: s.session_id, role } : undefined;
  }
  const key = /^hsk_([0-9a-f-]{36})\.(.+)$/.exec(bearer);
  if (key) {
    const row = await liveApiKey(ctx.db, key[1]!);
    const creatorRole = row && roleOf(row.creator_role);
    if (!row || !creatorRole || !sameHash(row.secret_hash, sha256(bearer))) return undefined;
    return { kind: 'key', keyId: row.id, scopes: row.scopes, creatorRole };
  }
  return undefined;
}

const actors = new WeakMap<FastifyRequest, ConsoleActor>();

/** The console check `route()` runs first for every console endpoint: who, then whether they may. */
export const authorizeConsole =
  (ctx: AppContext) =>
  async (request: FastifyRequest, def: EndpointDef): Promise<void> => {
    const actor = await actorOf(ctx, request);
    if (!actor) throw refused();
    if (!def.permission || !allows(actor, def.permission as Permission)) {
      throw new AppError(403, 'not_allowed', SAFETY_MESSAGES.notAllowed);
    }
    actors.set(request, actor);
  };

/** The actor `authorizeConsole` found for this request (handlers run only after it). */
export function consoleActor(request: FastifyRequest): ConsoleActor {
  const actor = actors.get(request);
  if (!actor) throw refused();
  return actor;
}

export async function createOperator(
  ctx: AppContext,
  by: string,
  body: { email: string; password: string; role: OperatorRole },
) {
  const now = ctx.clock.now();
  const id = randomUUID();
  const secret = newTotpSecret();
  const email = body.email.trim().toLowerCase();
  const created = await insertOperator(ctx.db, {
    id,
    email,
    password_hash: await hashPassword(body.password),
    totp_secret: secret,
    role: body.role,
    created_at: now,
  });
  if (!created) throw new AppError(409, 'operator_exists', 'このメールアドレスの運営者はすでに存在します。');
  await appendAudit(ctx.db, {
    actor: by,
    action: 'operator.create',
    target: id,
    detail: { role: body.role, email },
    at: now,
  });
  return {
    operator: { id, email, role: body.role, disabled: false, created_at: now.toISOString() },
    totp_secret: secret,
    otpauth_url: otpauthUrl(secret, email),
  };
}

/** A key may carry only permissions its creator holds (a moderator cannot mint an admin key). */
export async function createApiKey(
  ctx: AppContext,
  actor: ConsoleActor,
  by: string,
  body: { name: string; scopes: Permission[] },
) {
  if (actor.kind !== 'operator') throw new AppError(403, 'not_allowed', SAFETY_MESSAGES.notAllowed);
  if (!body.scopes.every((s) => allows(actor, s))) throw new AppError(403, 'not_allowed', SAFETY_MESSAGES.notAllowed);
  const now = ctx.clock.now();
  const id = randomUUID();
  const secret = `hsk_${id}.${newSecret('k').slice(2)}`;
  const scopes = [...new Set(body.scopes)];
  await insertApiKey(ctx.db, {
    id,
    name: body.name,
    scopes,
    secret_hash: sha256(secret),
    created_by: actor.operatorId,
    created_at: now,
  });
  await appendAudit(ctx.db, {
    actor: by,
    action: 'api_key.create',
    target: id,
    detail: { name: body.name, scopes },
    at: now,
  });
  return {
    key: { id, name: body.name, scopes, created_by: actor.operatorId, created_at: now.toISOString(), revoked_at: null },
    secret,
  };
}
