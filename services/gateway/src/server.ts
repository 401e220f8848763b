import { closeWithin } from '@honne/service-kit';
import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.ts';
import { limitsOf, loadConfig, type GatewayConfig } from './config.ts';
import { createContext, type AppContext, type ContextOverrides } from './context.ts';
import { onSessionRevoked } from './events/session-revoked.ts';
import { RealtimeHub } from './realtime/hub.ts';

export { loadConfig, type GatewayConfig };

export interface RunningGateway {
  app: FastifyInstance;
  ctx: AppContext;
  hub: RealtimeHub;
  close(): Promise<void>;
}

/** Builds the context, starts the real-time hub and prepares the app; `listen` is the caller's. */
export async function createService(config: GatewayConfig, overrides: ContextOverrides = {}): Promise<RunningGateway> {
  const ctx = await createContext(config, overrides);
  const subscriptions = [onSessionRevoked(ctx)];
  const hub = new RealtimeHub(ctx);
  hub.start();
  const app = await buildApp(ctx, hub);
  await app.ready();
  return {
    app,
    ctx,
    hub,
    close: async () => {
      // Sockets get 1001 in the websocket plugin's preClose, then in-flight requests finish,
      // or are cut once the grace is over.
      await closeWithin(app, limitsOf(config).shutdownGraceMs);
      for (const s of subscriptions) s.unsubscribe();
      await ctx.close();
    },
  };
}
