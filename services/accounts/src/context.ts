import { Tokens, type ServiceContext, type ServiceOverrides } from '@honne/service-kit';

import type { AccountsConfig } from './config.ts';
import { loadReference, type Reference } from './db/repos/reference.ts';
import type { AccountsDb } from './db/schema/index.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

export interface AppContext extends ServiceContext<AccountsConfig, AccountsDb> {
  mailer: Mailer;
  tokens: Tokens;
  reference: Reference;
}

export interface ContextOverrides extends ServiceOverrides {
  mailer?: Mailer;
}

/** What accounts adds to the kit's context: mail, tokens, and the reference lists read once. */
export async function ownParts(parts: ServiceContext<AccountsConfig, AccountsDb>, overrides: ContextOverrides) {
  const { config, cache, db } = parts;
  const mailer = overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom, config.dataDir);
  return {
    mailer,
    tokens: new Tokens(config.jwtSecret, cache),
    reference: await loadReference(db),
    closeOwn: () => mailer.close(),
  };
}
