import {
  migrateToLatest,
  openBaseContext,
  openDatabase,
  type BaseContext,
  type BaseOverrides,
} from '@honne/service-kit';
import type { Kysely } from 'kysely';

import type { CallsConfig } from './config.ts';
import { migrations } from './db/migrations/index.ts';
import type { CallsDb } from './db/schema/index.ts';
import { noBilling, type CallBilling } from './domain/billing.ts';
import { LiveKit } from './livekit/livekit.ts';

export interface AppContext extends BaseContext {
  config: CallsConfig;
  db: Kysely<CallsDb>;
  /** Present when LiveKit is configured; calls are peer-to-peer otherwise. */
  livekit: LiveKit | undefined;
  /** Per-minute paid calls plug in here (the points issue); nothing is charged by default. */
  billing: CallBilling;
  close(): Promise<void>;
}

export interface ContextOverrides extends BaseOverrides {
  /** Tests keep PGlite in memory and give each suite its own PostgreSQL schema. */
  inMemoryDb?: boolean;
  schema?: string;
  billing?: CallBilling;
  /** Tests run the call timers themselves after moving the clock. */
  timers?: boolean;
}

export async function createContext(config: CallsConfig, overrides: ContextOverrides = {}): Promise<AppContext> {
  const base = await openBaseContext(config, overrides);
  const database = await openDatabase<CallsDb>({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: overrides.schema ?? 'calls',
    inMemory: overrides.inMemoryDb,
  });
  await migrateToLatest(database, migrations);
  return {
    ...base,
    config,
    db: database.db,
    livekit: config.livekit ? new LiveKit(config.livekit) : undefined,
    billing: overrides.billing ?? noBilling,
    healthChecks: [['db', () => database.db.selectFrom('service_meta').select('key').limit(1).execute()]],
    close: async () => {
      await database.close();
      await base.closeOwned();
    },
  };
}
