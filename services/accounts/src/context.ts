import {
  migrateToLatest,
  openBaseContext,
  openDatabase,
  Tokens,
  type BaseContext,
  type BaseOverrides,
} from '@honne/service-kit';
import type { Kysely } from 'kysely';

import type { AccountsConfig } from './config.ts';
import { migrations } from './db/migrations/index.ts';
import type { AccountsDb } from './db/schema/index.ts';
import { loadReference, type Reference } from './db/repos/reference.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

export interface AppContext extends BaseContext {
  config: AccountsConfig;
  db: Kysely<AccountsDb>;
  mailer: Mailer;
  tokens: Tokens;
  reference: Reference;
  close(): Promise<void>;
}

export interface ContextOverrides extends BaseOverrides {
  inMemoryDb?: boolean;
  schema?: string;
  mailer?: Mailer;
}

export async function createContext(config: AccountsConfig, overrides: ContextOverrides = {}): Promise<AppContext> {
  const base = await openBaseContext(config, overrides);
  const database = await openDatabase<AccountsDb>({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: overrides.schema ?? 'accounts',
    inMemory: overrides.inMemoryDb,
  });
  await migrateToLatest(database, migrations);
  const mailer = overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom, config.dataDir);
  return {
    ...base,
    config,
    db: database.db,
    mailer,
    tokens: new Tokens(config.jwtSecret, base.cache),
    reference: await loadReference(database.db),
    healthChecks: [['db', () => database.db.selectFrom('users').select('id').limit(1).execute()]],
    close: async () => {
      await mailer.close();
      await database.close();
      await base.closeOwned();
    },
  };
}
