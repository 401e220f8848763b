import type { AccountTable, EntryTable } from './ledger.ts';

export interface PointsDb {
  accounts: AccountTable;
  entries: EntryTable;
}
