import type { OutboxTable } from '@honne/service-kit';

import type { AccountTable, LotTable, TransferTable } from './ledger.ts';

export interface PointsDb {
  accounts: AccountTable;
  transfers: TransferTable;
  lots: LotTable;
  outbox: OutboxTable;
}
