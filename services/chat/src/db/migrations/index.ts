import type { MigrationSet } from '@honne/service-kit';

import * as init from './2026-11-22T04-00-00-init.ts';
import * as roomsMessages from './2026-11-23T02-00-00-rooms-messages.ts';
import * as bonusCount from './2026-11-24T23-24-09-bonus-count.ts';
import * as outbox from './2026-11-25T02-53-28-outbox.ts';
import * as objectDeletions from './2026-11-25T07-05-00-object-deletions.ts';
import * as processedEvents from './2026-11-25T07-40-00-processed-events.ts';
import * as roomBlocks from './2026-11-27T08-27-40-room-blocks.ts';
import * as paidOpenings from './2026-11-27T09-10-00-paid-openings.ts';
import * as outboxTrace from './2026-11-27T15-30-00-outbox-trace.ts';
import * as heldMessages from './2026-11-27T16-00-00-held-messages.ts';
import * as ageStates from './2026-11-27T18-40-00-age-states.ts';
import * as personRestrictions from './2026-11-27T15-05-27-person-restrictions.ts';
import * as partitionMessages from './2026-11-27T22-08-24-partition-messages.ts';
import * as ageFeatures from './2026-11-28T03-10-00-age-features.ts';

export const migrations: MigrationSet = {
  migrations: {
    '2026-11-22T04-00-00-init': init,
    '2026-11-23T02-00-00-rooms-messages': roomsMessages,
    '2026-11-24T23-24-09-bonus-count': bonusCount,
    '2026-11-25T02-53-28-outbox': outbox,
    '2026-11-25T07-05-00-object-deletions': objectDeletions,
    '2026-11-25T07-40-00-processed-events': processedEvents,
    '2026-11-27T08-27-40-room-blocks': roomBlocks,
    '2026-11-27T09-10-00-paid-openings': paidOpenings,
    '2026-11-27T15-30-00-outbox-trace': outboxTrace,
    '2026-11-27T16-00-00-held-messages': heldMessages,
    '2026-11-27T15-05-27-person-restrictions': personRestrictions,
    '2026-11-27T18-40-00-age-states': ageStates,
    '2026-11-27T22-08-24-partition-messages': partitionMessages,
    '2026-11-28T03-10-00-age-features': ageFeatures,
  },
  // Dated a day ahead of its time when written; databases that ran it recorded the old name.
  renamed: { '2026-11-24T02-00-00-rooms-messages': '2026-11-23T02-00-00-rooms-messages' },
};
