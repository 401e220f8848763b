import { isPushServiceHost, PUSH_MESSAGES, pushEndpoints, validatePushSubscription } from '@honne/contracts/push';
import { assertNoFieldErrors, forbidden, ok, route, unauthorized } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { deleteForSession, findForSession, saveSubscription } from '../db/repos/push-subscriptions.ts';
import { findLive } from '../db/repos/sessions.ts';

/** Web push opt-in of the caller's device (its session); nothing here reaches another user's. */
export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const state = async (sessionId: string) => {
    const sub = await findForSession(ctx.db, sessionId);
    return {
      public_key: ctx.config.push?.vapid.publicKey ?? null,
      subscribed: sub !== undefined,
      show_text: sub?.show_text ?? false,
    };
  };

  route(app, ctx, pushEndpoints.getPush, async ({ caller }) => ok(await state(caller.sessionId)));

  route(app, ctx, pushEndpoints.putSubscription, async ({ caller, body }) => {
    const push = ctx.config.push;
    if (!push) throw forbidden(PUSH_MESSAGES.unavailable);
    assertNoFieldErrors(
      validatePushSubscription(body, { allowLoopbackHttp: push.allowLoopbackHttp, hostAllowed: isPushServiceHost }),
    );
    // A token outliving its session (a login elsewhere just now) must not subscribe a dead device.
    if (!(await findLive(ctx.db, caller.sessionId))) throw unauthorized();
    await saveSubscription(
      ctx.db,
      {
        session_id: caller.sessionId,
        user_id: caller.userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        show_text: body.show_text ?? true,
      },
      ctx.clock.now(),
    );
    return ok(await state(caller.sessionId));
  });

  route(app, ctx, pushEndpoints.deleteSubscription, async ({ caller }) => {
    await deleteForSession(ctx.db, caller.sessionId);
    return ok(await state(caller.sessionId));
  });
}
