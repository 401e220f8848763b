import type { ObjectDeletionsTable, OutboxTable } from '@honne/service-kit';

import type { PendingSignupTable } from './pending-signups.ts';
import type { PushSubscriptionTable } from './push-subscriptions.ts';
import type {
  BlockTable,
  FriendRequestTable,
  FriendTable,
  ImageTable,
  NamedTable,
  OneTimeCodeTable,
  UserReportTable,
} from './reference.ts';
import type { SessionTable } from './sessions.ts';
import type { UserTable } from './users.ts';

/** A moderator's restriction on a person (safety.person.restricted), per kind. */
export interface PersonRestrictionTable {
  person_id: string;
  restriction: string;
  until: Date | null;
  event_id: string;
  at: Date;
}

/** A banned person's address, as a keyed hash (sign-up refused with it until the ban is lifted). */
export interface BannedAddressTable {
  address_hash: string;
  person_id: string;
  at: Date;
}

export interface AccountsDb {
  person_restrictions: PersonRestrictionTable;
  banned_addresses: BannedAddressTable;
  users: UserTable;
  sessions: SessionTable;
  pending_signups: PendingSignupTable;
  areas: NamedTable;
  ages: NamedTable;
  images: ImageTable;
  object_deletions: ObjectDeletionsTable;
  one_time_codes: OneTimeCodeTable;
  friends: FriendTable;
  friend_requests: FriendRequestTable;
  blocks: BlockTable;
  user_reports: UserReportTable;
  outbox: OutboxTable;
  push_subscriptions: PushSubscriptionTable;
}
