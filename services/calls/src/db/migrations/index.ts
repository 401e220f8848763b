import type { Migration } from 'kysely';

import * as init from './2026-11-22T04-00-00-init.ts';
import * as calls from './2026-11-23T22-40-00-calls.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T04-00-00-init': init,
  '2026-11-23T22-40-00-calls': calls,
};
