import type { MigrationSet } from '@honne/service-kit';

import * as usersSessionsSignups from './2026-11-22T04-10-00-users-sessions-signups.ts';
import * as profileReferenceImages from './2026-11-22T05-00-00-profile-reference-images.ts';
import * as friendsBlocksReports from './2026-11-22T06-00-00-friends-blocks-reports.ts';
import * as rankDefaultZero from './2026-11-24T02-23-14-rank-default-zero.ts';
import * as outbox from './2026-11-24T23-31-13-outbox.ts';
import * as pushSubscriptions from './2026-11-25T06-38-33-push-subscriptions.ts';
import * as objectDeletions from './2026-11-25T07-10-00-object-deletions.ts';
import * as friendRequests from './2026-11-27T12-00-00-friend-requests.ts';
import * as personRestrictions from './2026-11-27T12-10-00-person-restrictions.ts';
import * as outboxTrace from './2026-11-27T15-30-00-outbox-trace.ts';
import * as bannedAddresses from './2026-11-27T15-21-26-banned-addresses.ts';

export const migrations: MigrationSet = {
  migrations: {
    '2026-11-22T04-10-00-users-sessions-signups': usersSessionsSignups,
    '2026-11-22T05-00-00-profile-reference-images': profileReferenceImages,
    '2026-11-22T06-00-00-friends-blocks-reports': friendsBlocksReports,
    '2026-11-24T02-23-14-rank-default-zero': rankDefaultZero,
    '2026-11-24T23-31-13-outbox': outbox,
    '2026-11-25T06-38-33-push-subscriptions': pushSubscriptions,
    '2026-11-25T07-10-00-object-deletions': objectDeletions,
    '2026-11-27T12-00-00-friend-requests': friendRequests,
    '2026-11-27T12-10-00-person-restrictions': personRestrictions,
    '2026-11-27T15-30-00-outbox-trace': outboxTrace,
    '2026-11-27T15-21-26-banned-addresses': bannedAddresses,
  },
};
