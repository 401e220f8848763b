import type { MigrationSet } from '@honne/service-kit';

import * as ageReviews from './2026-11-27T18-40-00-age-reviews.ts';
import * as init from './2026-11-27T12-00-00-init.ts';
import * as outboxTrace from './2026-11-27T15-30-00-outbox-trace.ts';
import * as filterLists from './2026-11-27T16-00-00-filter-lists.ts';
import * as reporterOutcomes from './2026-11-27T15-15-43-reporter-outcomes.ts';
import * as approvals from './2026-11-27T18-45-00-approvals.ts';
import * as eventsByReport from './2026-11-27T19-45-00-events-by-report.ts';
import * as auditSource from './2026-11-28T02-00-00-audit-source.ts';
import * as ageFeatures from './2026-11-28T03-10-00-age-features.ts';

export const migrations: MigrationSet = {
  migrations: {
    '2026-11-27T12-00-00-init': init,
    '2026-11-27T15-30-00-outbox-trace': outboxTrace,
    '2026-11-27T16-00-00-filter-lists': filterLists,
    '2026-11-27T15-15-43-reporter-outcomes': reporterOutcomes,
    '2026-11-27T18-40-00-age-reviews': ageReviews,
    '2026-11-27T18-45-00-approvals': approvals,
    '2026-11-27T19-45-00-events-by-report': eventsByReport,
    '2026-11-28T02-00-00-audit-source': auditSource,
    '2026-11-28T03-10-00-age-features': ageFeatures,
  },
};
