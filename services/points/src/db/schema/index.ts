import type { OutboxTable, UserRestrictionTable } from '@honne/service-kit';
import type { ColumnType, Generated } from 'kysely';

import type { AccountTable, LotTable, TransferTable } from './ledger.ts';

export interface PointsDb {
  accounts: AccountTable;
  transfers: TransferTable;
  lots: LotTable;
  outbox: OutboxTable;
  refund_requests: RefundRequestTable;
  spender_ages: SpenderAgeTable;
  checkouts: CheckoutTable;
  purchase_events: PurchaseEventTable;
  departed_spending: DepartedSpendingTable;
  /** The moderation service's restrictions; points acts on `freeze` only (ADR 0030). */
  person_restrictions: UserRestrictionTable;
}

/** What a person's deleted characters spent in a month: it still counts against the person's cap. */
export interface DepartedSpendingTable {
  family_id: string;
  month_start: Date;
  spent: ColumnType<string | number, number, number>;
}

/** One delivered checkout event of the payment provider (ledger/purchase.ts). */
export interface PurchaseEventTable {
  event_id: string;
  session_id: string;
  user_id: string | null;
  pack: string | null;
  body_hash: string;
  body: string;
  status: PurchaseEventStatus;
  reason: string | null;
  received_at: Date;
}
export type PurchaseEventStatus = 'received' | 'credited' | 'duplicate_session' | 'unresolved';

/** What the ledger knows of a user's age for the monthly caps of minors (domain/spend-caps.ts). */
export interface SpenderAgeTable {
  user_id: string;
  /** The parent account (email_id): one person, whose characters share the cap. */
  family_id: string;
  /** The profile's age group is 10代. */
  teen: boolean;
  /** The bracket the user declared: 'under16' | '16to17' | '18plus'. */
  declared: string | null;
  updated_at: Date;
}

/** A user's request for a refund, with the balance at the time, for operators to handle. */
export interface RefundRequestTable {
  id: Generated<string>;
  user_id: string;
  reason: string;
  balance: number;
  purchased: number;
  status: Generated<'open' | 'closed'>;
  created_at: Date;
}

/** A checkout opened to buy a pack (routes/checkouts.ts); paid once the webhook credited it. */
export interface CheckoutTable {
  id: Generated<string>;
  user_id: string;
  pack: string;
  points: number;
  yen: number;
  /** 'stripe', or 'test' for the app's own checkout outside production. */
  provider: string;
  provider_session_id: string | null;
  url: string;
  status: Generated<'open' | 'paid'>;
  created_at: Date;
  paid_at: Date | null;
}
