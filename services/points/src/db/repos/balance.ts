import type { AgeBracket } from '@honne/contracts/points';
import { prepared } from '@honne/service-kit';
import { sql, type Kysely } from 'kysely';

import type { PointsDb } from '../schema/index.ts';

/** What `GET /points/balance` answers from, read in one statement; src/ledger/balance.ts applies the rules. */
export interface BalanceFacts {
  /** 0 and 0 for a user without an account (registered before points knew them). */
  balance: number;
  purchased: number;
  /** What is known of the person's age, over all their characters (as `personOf`). */
  teen: boolean;
  declared: AgeBracket | null;
  /**
   * What the person's characters spent as `spendKinds` since `monthStart`; null when it was not counted
   * because the account is not flagged `capped` (adults: no sum over their month of transfers).
   */
  spent: number | null;
  /** The user's lots holding points that expire after `now` and by `until`, soonest first. */
  expiring: { remaining: number; expires_at: Date }[];
}

export interface BalanceWindow {
  spendKinds: readonly string[];
  monthStart: Date;
  now: Date;
  until: Date;
}

interface Row {
  balance: number | null;
  purchased: number | null;
  teen: boolean;
  declared: string | null;
  spent: string | number | null;
  lot_points: number | null;
  lot_expires_at: Date | null;
}

/**
 * A user's account row, their person's age facts and month of spending, and their lots expiring
 * soon, in one round trip: one row per expiring lot (one with no lot when none), the other columns
 * repeated (`f` is materialized so they are read once, not once per lot). The sum and the lot read
 * run only where they can matter — spending for an account the ledger flagged `capped` (the flag
 * `transfer()` checks before counting a cap), lots when the balance holds purchased points — so an
 * adult with no bought points pays key lookups only. Prepared (ADR 0003): the text is fixed as
 * long as `spendKinds` is (the domain's constant), and every lookup is by key.
 */
export async function balanceFacts(db: Kysely<PointsDb>, userId: string, w: BalanceWindow): Promise<BalanceFacts> {
  const { rows } = await sql<Row>`${prepared('points_balance_facts')}
    with f as materialized (
      select me.user_id, a.balance, a.purchased, p.teen, p.declared,
        case when a.capped then s.spent end as spent
      from (select ${userId}::text as user_id) as me
      left join accounts as a on a.user_id = me.user_id
      cross join lateral (
        select coalesce(bool_or(kin.teen), false) as teen,
          (array_agg(kin.declared) filter (where kin.declared is not null))[1] as declared,
          coalesce(array_agg(kin.user_id), array[me.user_id]) as family,
          min(self.family_id) as family_id
        from spender_ages as self
        join spender_ages as kin on kin.family_id = self.family_id
        where self.user_id = me.user_id
      ) as p
      cross join lateral (
        select coalesce(sum(t.amount), 0) + coalesce((
            -- Deleted characters' spending this month still counts (their transfers are gone).
            select d.spent from departed_spending as d
            where a.capped and d.family_id = p.family_id and d.month_start = ${w.monthStart}
          ), 0) as spent
        from transfers as t
        where a.capped
          and t.debit_account = any(p.family)
          and t.kind in (${sql.join([...w.spendKinds])})
          and t.created_at >= ${w.monthStart}
      ) as s
    )
    select f.balance, f.purchased, f.teen, f.declared, f.spent,
      l.remaining as lot_points, l.expires_at as lot_expires_at
    from f
    left join lateral (
      select lots.remaining, lots.expires_at
      from lots
      where f.purchased > 0
        and lots.user_id = f.user_id
        and lots.remaining > 0
        and lots.expires_at > ${w.now}
        and lots.expires_at <= ${w.until}
    ) as l on true
    order by l.expires_at
  `.execute(db);
  const first = rows[0]!;
  return {
    balance: Number(first.balance ?? 0),
    purchased: Number(first.purchased ?? 0),
    teen: first.teen,
    declared: first.declared as AgeBracket | null,
    spent: first.spent === null ? null : Number(first.spent),
    expiring: rows
      .filter((r) => r.lot_expires_at !== null)
      .map((r) => ({ remaining: Number(r.lot_points), expires_at: new Date(r.lot_expires_at!) })),
  };
}
