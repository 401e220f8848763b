import type { MigrationSet } from '@honne/service-kit';

import * as init from './2026-11-22T04-00-00-init.ts';
import * as themesVoices from './2026-11-23T03-00-00-themes-voices.ts';
import * as heartsReports from './2026-11-23T04-00-00-hearts-reports.ts';
import * as blocks from './2026-11-24T22-26-29-blocks.ts';
import * as expertMark from './2026-11-24T23-17-31-expert-mark.ts';
import * as outbox from './2026-11-25T02-50-11-outbox.ts';
import * as processedEvents from './2026-11-25T07-40-00-processed-events.ts';
import * as outboxTrace from './2026-11-27T15-30-00-outbox-trace.ts';
import * as personRestrictions from './2026-11-27T15-05-23-person-restrictions.ts';
import * as ageStates from './2026-11-28T03-10-00-age-states.ts';

export const migrations: MigrationSet = {
  migrations: {
    '2026-11-22T04-00-00-init': init,
    '2026-11-23T03-00-00-themes-voices': themesVoices,
    '2026-11-23T04-00-00-hearts-reports': heartsReports,
    '2026-11-24T22-26-29-blocks': blocks,
    '2026-11-24T23-17-31-expert-mark': expertMark,
    '2026-11-25T02-50-11-outbox': outbox,
    '2026-11-25T07-40-00-processed-events': processedEvents,
    '2026-11-27T15-30-00-outbox-trace': outboxTrace,
    '2026-11-27T15-05-23-person-restrictions': personRestrictions,
    '2026-11-28T03-10-00-age-states': ageStates,
  },
};
