import { defineService, type RunningService as Running } from '@honne/service-kit';

import { routes } from './app.ts';
import { loadConfig, type PointsConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { migrations } from './db/migrations/index.ts';
import type { PointsDb } from './db/schema/index.ts';
import { subscribeAll } from './events/index.ts';
import { startOutboxRelay } from './gifts/relay.ts';
import { startBooksCheck } from './jobs/books-check.ts';
import { startExpirySweep } from './jobs/expire-lots.ts';

export const service = defineService<PointsConfig, PointsDb, AppContext>({
  name: 'points',
  loadConfig,
  migrations,
  health: (db) => db.selectFrom('accounts').select('user_id').limit(1).execute(),
  routes,
  subscribers: subscribeAll,
  start: (ctx) => [startExpirySweep(ctx), startOutboxRelay(ctx), startBooksCheck(ctx)],
});

export const { createService } = service;
export type RunningService = Running<AppContext>;
export { loadConfig };
export { ledgerRules } from './config.ts';
export type { AppContext };
// For bench/ledger.ts: the ledger's own transfer, measured as the routes and the bus call it.
export { sumOfAllAccounts } from './db/repos/ledger.ts';
export { transfer } from './ledger/transfer.ts';
/** The grant the console (through safety) and the CLI (`pnpm grant`) both run. */
export { grantPoints } from './ledger/grant.ts';
export { HOUSE } from './domain/ledger.ts';
