import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig, type CallsConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { subscribeAll } from './events/index.ts';

export { loadConfig };

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
  return {
    app,
    ctx,
    close: async () => {
      for (const s of subscriptions) s.unsubscribe();
      await app.close();
      await ctx.close();
    },
  };
}
