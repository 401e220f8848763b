import { defineService, serviceMetaHealth, type RunningService as Running } from '@honne/service-kit';

import { routes } from './app.ts';
import { loadConfig, type TopicsConfig } from './config.ts';
import { ownParts, type AppContext } from './context.ts';
import { migrations } from './db/migrations/index.ts';
import { rebuildReadModels } from './events/rebuild.ts';
import type { TopicsDb } from './db/schema/index.ts';
import { subscribeAll } from './events/index.ts';
import { topicsRelay } from './events/outbox.ts';
import { lapsedRemovals, startLapsedRemovalsTimer } from './jobs/lapsed-removals.ts';
import { purgeExpired, startPurgeTimer } from './jobs/purge.ts';

export const service = defineService<TopicsConfig, TopicsDb, AppContext>({
  name: 'topics',
  loadConfig,
  migrations,
  health: serviceMetaHealth,
  own: ownParts,
  routes,
  subscribers: subscribeAll,
  filtersText: true,
  // Expired voices are deleted on the server every minute; reads filter by expire_at meanwhile.
  // Suspensions that ran out are told to open lists within a minute.
  start: (ctx) => [startPurgeTimer(ctx), startLapsedRemovalsTimer(ctx), topicsRelay(ctx).job()],
});

export const { createService } = service;
export type RunningService = Running<AppContext>;
export { lapsedRemovals, loadConfig, purgeExpired, rebuildReadModels };
export type { AppContext };
/** The voice-list query, for the bench's EXPLAIN (ANALYZE). */
export { listLiveQuery } from './db/repos/topics.ts';
export { decodeCursor } from './domain/cursor.ts';
