import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig, type TopicsConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { subscribeAll } from './events/index.ts';
import { purgeExpired, startPurgeTimer } from './jobs/purge.ts';

export { loadConfig, purgeExpired };
/** The voice-list query, for the bench's EXPLAIN (ANALYZE). */
export { listLiveQuery } from './db/repos/topics.ts';
export { decodeCursor } from './domain/cursor.ts';

export interface RunningService {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the context, subscribes to the bus and prepares the app; `listen` is the caller's. */
export async function createService(config: TopicsConfig, overrides: ContextOverrides = {}): Promise<RunningService> {
  const ctx = await createContext(config, overrides);
  const subscriptions = subscribeAll(ctx);
  const app = buildApp(ctx);
  await app.ready();
  // Expired voices are deleted on the server every minute; reads filter by expire_at meanwhile.
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
