import type { ServiceRoutes } from '@honne/service-kit';

import type { AppContext } from './context.ts';
import { latestCallOfRoom } from './db/repos/calls.ts';
import { callerRingingIn } from './domain/greeting-access.ts';
import { callRoutes } from './routes/calls.ts';
import { configRoutes } from './routes/config.ts';
import { greetingRoutes } from './routes/greetings.ts';

/** The service's endpoints, registered in this order on the kit's app. */
export const routes: ServiceRoutes<AppContext> = [
  // LiveKit signs the exact bytes of its webhook body: keep them as text for the check.
  (app) =>
    app.addContentTypeParser('application/webhook+json', { parseAs: 'string' }, (_req, body, done) => done(null, body)),
  configRoutes,
  callRoutes,
  (app, ctx) =>
    greetingRoutes(app, ctx, async (roomId, userId) => callerRingingIn(await latestCallOfRoom(ctx.db, roomId), userId)),
];
