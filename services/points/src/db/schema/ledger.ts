import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** One row per user; the balance is the sum of the user's entries, kept here for cheap reads. */
export interface AccountTable {
  user_id: string;
  balance: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Every change of a balance, idempotent by key. */
export interface EntryTable {
  id: Generated<string>;
  user_id: string;
  amount: number;
  kind: string;
  idempotency_key: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type Account = Selectable<AccountTable>;
export type NewEntry = Insertable<EntryTable>;
