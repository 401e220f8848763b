import type { PendingSignupTable } from './pending-signups.ts';
import type { SessionTable } from './sessions.ts';
import type { UserTable } from './users.ts';

export interface AccountsDb {
  users: UserTable;
  sessions: SessionTable;
  pending_signups: PendingSignupTable;
}
