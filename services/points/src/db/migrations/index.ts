import type { MigrationSet } from '@honne/service-kit';

import * as ledger from './2026-11-22T04-00-00-ledger.ts';
import * as doubleEntry from './2026-11-23T22-00-00-double-entry.ts';
import * as giftOutbox from './2026-11-24T02-11-29-gift-outbox.ts';
import * as refundRequests from './2026-11-24T23-44-35-refund-requests.ts';
import * as minorSpendCaps from './2026-11-25T01-56-50-minor-spend-caps.ts';
import * as processedEvents from './2026-11-25T07-40-00-processed-events.ts';
import * as checkouts from './2026-11-27T08-23-04-checkouts.ts';
import * as purchaseEvents from './2026-11-27T08-42-34-purchase-events.ts';
import * as departedSpending from './2026-11-27T08-55-57-departed-spending.ts';
import * as outboxTrace from './2026-11-27T15-30-00-outbox-trace.ts';
import * as personRestrictions from './2026-11-27T18-40-00-person-restrictions.ts';

export const migrations: MigrationSet = {
  migrations: {
    '2026-11-22T04-00-00-ledger': ledger,
    '2026-11-23T22-00-00-double-entry': doubleEntry,
    '2026-11-24T02-11-29-gift-outbox': giftOutbox,
    '2026-11-24T23-44-35-refund-requests': refundRequests,
    '2026-11-25T01-56-50-minor-spend-caps': minorSpendCaps,
    '2026-11-25T07-40-00-processed-events': processedEvents,
    '2026-11-27T08-23-04-checkouts': checkouts,
    '2026-11-27T08-42-34-purchase-events': purchaseEvents,
    '2026-11-27T08-55-57-departed-spending': departedSpending,
    '2026-11-27T15-30-00-outbox-trace': outboxTrace,
    '2026-11-27T18-40-00-person-restrictions': personRestrictions,
  },
};
