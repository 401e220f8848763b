import type { Migration } from 'kysely';

import * as init from './2026-11-22T04-00-00-init.ts';
import * as roomsMessages from './2026-11-24T02-00-00-rooms-messages.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-22T04-00-00-init': init,
  '2026-11-24T02-00-00-rooms-messages': roomsMessages,
};
