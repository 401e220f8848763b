import type { EndpointDef } from '@honne/contracts';
import { route, type RouteInput } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { actorName, type ConsoleActor } from '../domain/permissions.ts';
import { authorizeConsole, consoleActor } from '../moderation/operators.ts';

/**
 * A console endpoint: `route()` with safety's check of the bearer (operator session or API key)
 * against the endpoint's permission, before any input is read; the handler gets the actor.
 */
export function consoleRoute<E extends EndpointDef>(
  app: FastifyInstance,
  ctx: AppContext,
  def: E,
  handler: (input: RouteInput<E> & { actor: ConsoleActor; by: string }) => Promise<unknown>,
): void {
  route(
    app,
    ctx,
    def,
    (input) => {
      const actor = consoleActor(input.request);
      return handler({ ...input, actor, by: actorName(actor) });
    },
    { authorize: authorizeConsole(ctx) },
  );
}
