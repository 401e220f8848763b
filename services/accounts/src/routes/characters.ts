import { messages } from '@honne/contracts/messages';
import { PROFILE_LIMITS, profileEndpoints } from '@honne/contracts/profile';
import { fieldErrors, notFound, ok, route } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { findLive } from '../db/repos/sessions.ts';
import { familyOf, parentOf } from '../db/repos/users.ts';
import { addCharacter, deleteCharacter } from '../domain/characters.ts';
import { verifyPassword } from '../domain/password.ts';
import { imageOf } from '../domain/profile.ts';
import { currentUser, endSessions, startSession } from '../domain/sessions.ts';

export function characterRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The body's email_id is ignored: a caller only ever sees their own account's characters.
  route(app, ctx, profileEndpoints.characters, async ({ caller }) => {
    const me = await currentUser(ctx, caller.userId);
    const family = await familyOf(ctx.db, me.email_id);
    return ok({
      email_id: me.email_id,
      can_add: family.length < PROFILE_LIMITS.maxCharacters,
      characters: family.map((u) => ({
        id: u.id,
        user_name: u.user_name,
        profile_image: imageOf(u),
        is_infomation: u.is_infomation,
        is_parent: u.character_no === 1,
        is_current: u.id === me.id,
      })),
    });
  });

  route(app, ctx, profileEndpoints.addCharacter, async ({ caller }) => {
    const added = await addCharacter(ctx, await currentUser(ctx, caller.userId));
    return ok({ id: added.id, message: messages.characterAdded });
  });

  route(app, ctx, profileEndpoints.switchCharacter, async ({ caller, body }) => {
    const me = await currentUser(ctx, caller.userId);
    const target = (await familyOf(ctx.db, me.email_id)).find((u) => u.id === body.id);
    if (!target) throw notFound(messages.characterNotFound);
    const session = await findLive(ctx.db, caller.sessionId);
    const started = await startSession(ctx, target, {
      ...body,
      device_id: body.device_id ?? session?.device_id,
      device_type: body.device_type ?? session?.device_type ?? undefined,
    });
    if (target.id !== me.id) await endSessions(ctx, me.id, [caller.sessionId], 'replaced');
    return ok(started);
  });

  route(app, ctx, profileEndpoints.deleteSelf, async ({ caller, body }) => {
    const me = await currentUser(ctx, caller.userId);
    // The app re-asks the person's password before a deletion; the spec's client sends none.
    if (body.password !== undefined) {
      const parent = await parentOf(ctx.db, me.email_id);
      if (!parent || !(await verifyPassword(body.password, parent.password_hash))) {
        throw fieldErrors({ password: messages.deletePasswordWrong });
      }
    }
    await deleteCharacter(ctx, me);
    return ok({ ok: true });
  });
}
