import { every } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig, type CallsConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { subscribeAll } from './events/index.ts';
import { runDueTimers } from './flow/calls.ts';

export { loadConfig, runDueTimers };
export type { AppContext };

export interface RunningService {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the context, subscribes to the bus and prepares the app; `listen` is the caller's. */
export async function createService(config: CallsConfig, overrides: ContextOverrides = {}): Promise<RunningService> {
  const ctx = await createContext(config, overrides);
  const subscriptions = subscribeAll(ctx);
  const app = buildApp(ctx);
  await app.ready();
  // Call timers (ring 60 s, connect 30 s, busy reply 3 s, silence 15 s) live in the rows, so any
  // instance fires them; a second's sweep is as fine as the spec's timers need.
  const timers = overrides.timers === false ? undefined : every(1000, 'call-timers', ctx.log, () => runDueTimers(ctx));
  return {
    app,
    ctx,
    close: async () => {
      await timers?.stop();
      for (const s of subscriptions) s.unsubscribe();
      await app.close();
      await ctx.close();
    },
  };
}
