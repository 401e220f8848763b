import { defineService, serviceMetaHealth, type RunningService as Running } from '@honne/service-kit';

import { routes } from './app.ts';
import { announceLists } from './moderation/filter-lists.ts';
import { bootstrapAdmin } from './moderation/operators.ts';
import { loadConfig, type SafetyConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { migrations } from './db/migrations/index.ts';
import type { SafetyDb } from './db/schema/index.ts';
import { subscribeAll } from './events/index.ts';
import { safetyRelay } from './events/outbox.ts';
import { startEvidencePurge } from './jobs/purge-evidence.ts';
import { startQueueMetrics } from './jobs/queue-metrics.ts';

export const service = defineService<SafetyConfig, SafetyDb, AppContext>({
  name: 'safety',
  loadConfig,
  migrations,
  health: serviceMetaHealth,
  routes,
  subscribers: subscribeAll,
  start: async (ctx) => {
    await bootstrapAdmin(ctx);
    await announceLists(ctx);
    return [safetyRelay(ctx).job(), startEvidencePurge(ctx), startQueueMetrics(ctx)];
  },
});

export const { createService } = service;
export type RunningService = Running<AppContext>;
export { loadConfig };
export type { AppContext };
/** For suites that sign operators in as an authenticator app would. */
export { totpCode } from './domain/secrets.ts';
