import {
  migrateToLatest,
  openBaseContext,
  openDatabase,
  type BaseContext,
  type BaseOverrides,
} from '@honne/service-kit';
import type { Kysely } from 'kysely';

import type { TopicsConfig } from './config.ts';
import { migrations } from './db/migrations/index.ts';
import { loadReference, type Reference } from './db/repos/reference.ts';
import type { TopicsDb } from './db/schema/index.ts';

export interface AppContext extends BaseContext {
  config: TopicsConfig;
  db: Kysely<TopicsDb>;
  reference: Reference;
  close(): Promise<void>;
}

export interface ContextOverrides extends BaseOverrides {
  /** Tests keep PGlite in memory and give each suite its own PostgreSQL schema. */
  inMemoryDb?: boolean;
  schema?: string;
}

export async function createContext(config: TopicsConfig, overrides: ContextOverrides = {}): Promise<AppContext> {
  const base = await openBaseContext(config, overrides);
  const database = await openDatabase<TopicsDb>({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: overrides.schema ?? 'topics',
    inMemory: overrides.inMemoryDb,
  });
  await migrateToLatest(database, migrations);
  return {
    ...base,
    config,
    db: database.db,
    reference: await loadReference(database.db),
    healthChecks: [['db', () => database.db.selectFrom('service_meta').select('key').limit(1).execute()]],
    close: async () => {
      await database.close();
      await base.closeOwned();
    },
  };
}
