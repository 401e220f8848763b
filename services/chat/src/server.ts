import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig, type ChatConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { subscribeAll } from './events/index.ts';
import { purgeExpired, startPurgeTimer } from './jobs/purge.ts';

export { loadConfig, purgeExpired };
export type { AppContext };

export interface RunningService {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the context, subscribes to the bus and prepares the app; `listen` is the caller's. */
export async function createService(config: ChatConfig, overrides: ContextOverrides = {}): Promise<RunningService> {
  const ctx = await createContext(config, overrides);
  const subscriptions = subscribeAll(ctx);
  const app = buildApp(ctx);
  await app.ready();
  // Expired messages are deleted on the server every minute; reads filter by expire_at meanwhile.
  const purge = startPurgeTimer(ctx);
  return {
    app,
    ctx,
    close: async () => {
      await purge.stop();
      for (const s of subscriptions) s.unsubscribe();
      await app.close();
      await ctx.close();
    },
  };
}
