import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { loadConfig, type AccountsConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { restoreLiveSessions } from './sessions-restore.ts';

export { loadConfig };

export interface RunningService {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the context and prepares the app; `listen` is the caller's. */
export async function createService(config: AccountsConfig, overrides: ContextOverrides = {}): Promise<RunningService> {
  const ctx = await createContext(config, overrides);
  await restoreLiveSessions(ctx);
  const app = buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await ctx.close();
    },
  };
}
