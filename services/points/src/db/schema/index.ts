import type { OutboxTable } from '@honne/service-kit';
import type { Generated } from 'kysely';

import type { AccountTable, LotTable, TransferTable } from './ledger.ts';

export interface PointsDb {
  accounts: AccountTable;
  transfers: TransferTable;
  lots: LotTable;
  outbox: OutboxTable;
  refund_requests: RefundRequestTable;
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
