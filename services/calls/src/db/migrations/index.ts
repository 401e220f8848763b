import type { MigrationSet } from '@honne/service-kit';

import * as init from './2026-11-22T04-00-00-init.ts';
import * as greetings from './2026-11-23T22-15-00-greetings.ts';
import * as calls from './2026-11-23T22-40-00-calls.ts';
import * as paidCallCharging from './2026-11-24T02-38-26-paid-call-charging.ts';
import * as lineGaps from './2026-11-24T22-59-43-line-gaps.ts';
import * as spendCap from './2026-11-24T23-11-43-spend-cap.ts';
import * as mediaRejoin from './2026-11-25T02-12-00-media-rejoin.ts';
import * as greetingObjects from './2026-11-25T07-20-00-greeting-objects.ts';
import * as processedEvents from './2026-11-25T07-40-00-processed-events.ts';
import * as dropLineGaps from './2026-11-27T08-23-01-drop-line-gaps.ts';
import * as outbox from './2026-11-27T09-00-00-outbox.ts';
import * as greetingParts from './2026-11-27T09-05-00-greeting-parts.ts';
import * as outboxTrace from './2026-11-27T15-30-00-outbox-trace.ts';
import * as personRestrictions from './2026-11-27T15-05-33-person-restrictions.ts';
import * as ageStates from './2026-11-28T03-10-00-age-states.ts';

export const migrations: MigrationSet = {
  migrations: {
    '2026-11-22T04-00-00-init': init,
    '2026-11-23T22-15-00-greetings': greetings,
    '2026-11-23T22-40-00-calls': calls,
    '2026-11-24T02-38-26-paid-call-charging': paidCallCharging,
    '2026-11-24T22-59-43-line-gaps': lineGaps,
    '2026-11-24T23-11-43-spend-cap': spendCap,
    '2026-11-25T02-12-00-media-rejoin': mediaRejoin,
    '2026-11-25T07-20-00-greeting-objects': greetingObjects,
    '2026-11-25T07-40-00-processed-events': processedEvents,
    '2026-11-27T08-23-01-drop-line-gaps': dropLineGaps,
    '2026-11-27T09-00-00-outbox': outbox,
    '2026-11-27T09-05-00-greeting-parts': greetingParts,
    '2026-11-27T15-30-00-outbox-trace': outboxTrace,
    '2026-11-27T15-05-33-person-restrictions': personRestrictions,
    '2026-11-28T03-10-00-age-states': ageStates,
  },
};
