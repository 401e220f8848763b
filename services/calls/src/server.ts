import {
  defineService,
  serviceMetaHealth,
  every,
  objectSweeper,
  type RunningService as Running,
} from '@honne/service-kit';

import { routes } from './app.ts';
import { loadConfig, type CallsConfig } from './config.ts';
import { ownParts, type AppContext, type ContextOverrides } from './context.ts';
import { migrations } from './db/migrations/index.ts';
import type { CallsDb } from './db/schema/index.ts';
import { subscribeAll } from './events/index.ts';
import { callsRelay } from './events/outbox.ts';
import { runDueTimers } from './flow/calls.ts';

export const service = defineService<CallsConfig, CallsDb, AppContext, ContextOverrides>({
  name: 'calls',
  loadConfig,
  migrations,
  health: serviceMetaHealth,
  own: ownParts,
  routes,
  subscribers: subscribeAll,
  // Call timers (ring 60 s, connect 30 s, busy reply 3 s, silence 15 s) live in the rows, so any
  // instance fires them; a second's sweep is as fine as the spec's timers need.
  // The objects of replaced or deleted greetings (S3_URL) follow their rows within seconds.
  start: (ctx, overrides) =>
    overrides.timers === false
      ? [objectSweeper(ctx, ctx.db), callsRelay(ctx).job()]
      : [
          every(1000, 'call-timers', ctx.log, () => runDueTimers(ctx)),
          objectSweeper(ctx, ctx.db),
          callsRelay(ctx).job(),
        ],
});

export const { createService } = service;
export type RunningService = Running<AppContext>;
export { loadConfig, runDueTimers };
export type { AppContext };
