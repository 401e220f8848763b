import {
  defineService,
  serviceMetaHealth,
  every,
  objectSweeper,
  type RunningService as Running,
} from '@honne/service-kit';

import { routes } from './app.ts';
import { loadConfig, type ChatConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { migrations } from './db/migrations/index.ts';
import { rebuildReadModels } from './events/rebuild.ts';
import type { ChatDb } from './db/schema/index.ts';
import { subscribeAll } from './events/index.ts';
import { finishPaidOpenings } from './domain/rooms.ts';
import { chatRelay } from './events/outbox.ts';
import { purgeExpired, startPurgeTimer } from './jobs/purge.ts';

export const service = defineService<ChatConfig, ChatDb, AppContext>({
  name: 'chat',
  loadConfig,
  migrations,
  health: serviceMetaHealth,
  routes,
  subscribers: subscribeAll,
  filtersText: true,
  // Expired messages' hours are dropped every minute (ADR 0035); reads filter by expire_at meanwhile.
  // The objects of deleted images (S3_URL) follow their rows within seconds. Paid openings a crash
  // left between charge and room are finished every few seconds.
  start: (ctx) => [
    startPurgeTimer(ctx),
    chatRelay(ctx).job(),
    objectSweeper(ctx, ctx.db),
    every(5000, 'paid-openings', ctx.log, () => finishPaidOpenings(ctx)),
  ],
});

export const { createService } = service;
export type RunningService = Running<AppContext>;
export { loadConfig, purgeExpired, rebuildReadModels };
// For bench/chat-expiry.ts: the schema and the partition steps the purge runs.
export { migrations };
export { createPartition, dropPartition, expiredPage } from './db/repos/partitions.ts';
export { HOUR_MS, partitionName } from './domain/expiry-partitions.ts';
export type { AppContext };
