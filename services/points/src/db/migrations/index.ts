import type { Migration } from 'kysely';

import * as ledger from './2026-11-22T04-00-00-ledger.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T04-00-00-ledger': ledger,
};
