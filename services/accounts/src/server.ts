import { defineService, objectSweeper, type RunningService as Running } from '@honne/service-kit';

import { routes } from './app.ts';
import { loadConfig, type AccountsConfig } from './config.ts';
import { ownParts, type AppContext, type ContextOverrides } from './context.ts';
import { migrations } from './db/migrations/index.ts';
import type { AccountsDb } from './db/schema/index.ts';
import { accountsRelay } from './events/outbox.ts';
import { subscribePush } from './events/push.ts';
import { onCallReported, onPersonRestricted } from './events/restrictions.ts';
import { respondSnapshots } from './events/snapshot.ts';
import { respondOperator } from './routes/ranks.ts';
import { restoreLiveSessions } from './sessions-restore.ts';

export const service = defineService<AccountsConfig, AccountsDb, AppContext, ContextOverrides>({
  name: 'accounts',
  loadConfig,
  migrations,
  health: (db) => db.selectFrom('users').select('id').limit(1).execute(),
  own: ownParts,
  routes,
  subscribers: (ctx) => [
    ...respondSnapshots(ctx),
    ...respondOperator(ctx),
    ...subscribePush(ctx),
    onPersonRestricted(ctx),
    onCallReported(ctx),
  ],
  filtersText: true,
  start: async (ctx) => {
    await restoreLiveSessions(ctx);
    // The objects of replaced or deleted profile images (S3_URL) follow their rows within seconds.
    return [accountsRelay(ctx).job(), objectSweeper(ctx, ctx.db)];
  },
});

export const { createService } = service;
export type RunningService = Running<AppContext>;
export { loadConfig };
export type { AppContext };
