import type { AccountTable, LotTable, TransferTable } from './ledger.ts';

export interface PointsDb {
  accounts: AccountTable;
  transfers: TransferTable;
  lots: LotTable;
}
