import { events } from '@honne/contracts/events';
import type { Subscription } from '@honne/service-kit';

import type { AppContext } from '../context.ts';

/**
 * A session ended (logout, a login on another device, a password reset): its tokens stop at once
 * on this instance. No queue group: every gateway instance must hear it.
 */
export function onSessionRevoked(ctx: AppContext): Subscription {
  return ctx.bus.subscribe(events.sessionRevoked, ({ session_id }) => ctx.tokens.revoked(session_id));
}
