import type { Migration } from 'kysely';

import * as ledger from './2026-11-22T04-00-00-ledger.ts';
import * as doubleEntry from './2026-11-23T22-00-00-double-entry.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T04-00-00-ledger': ledger,
  '2026-11-23T22-00-00-double-entry': doubleEntry,
};
