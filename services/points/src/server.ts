import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig, type PointsConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { subscribeAll } from './events/index.ts';
import { startExpirySweep } from './jobs/expire-lots.ts';

export { loadConfig };

export interface RunningService {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the context, subscribes to the bus and prepares the app; `listen` is the caller's. */
export async function createService(config: PointsConfig, overrides: ContextOverrides = {}): Promise<RunningService> {
  const ctx = await createContext(config, overrides);
  const subscriptions = subscribeAll(ctx);
  const app = buildApp(ctx);
  const sweep = startExpirySweep(ctx);
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      for (const s of subscriptions) s.unsubscribe();
      await sweep.stop();
      await app.close();
      await ctx.close();
    },
  };
}
