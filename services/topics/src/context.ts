import type { ServiceContext } from '@honne/service-kit';

import type { TopicsConfig } from './config.ts';
import { loadReference, type Reference } from './db/repos/reference.ts';
import type { TopicsDb } from './db/schema/index.ts';

export interface AppContext extends ServiceContext<TopicsConfig, TopicsDb> {
  reference: Reference;
}

/** What topics adds to the kit's context: the reference lists (themes, sentiments), read once. */
export async function ownParts(parts: ServiceContext<TopicsConfig, TopicsDb>) {
  return { reference: await loadReference(parts.db) };
}
