import type { Balance } from '@honne/contracts/points';
import type { Kysely } from 'kysely';

import { balanceFacts } from '../db/repos/balance.ts';
import { personOf } from '../db/repos/spend-caps.ts';
import type { PointsDb } from '../db/schema/index.ts';
import { LOT_LIFETIME_DAYS, LOT_REMINDER_DAYS, type LotPolicy } from '../domain/ledger.ts';
import { SPEND_KINDS, jstMonthStart, monthlyCapOf, type MinorCaps } from '../domain/spend-caps.ts';
import { spentThisMonth } from './minor-caps.ts';

/**
 * userCoin with its purchased part, the purchased points that expire within the reminder window
 * (the reminder /manage-point shows), and, for users under 18, this month's cap and what is spent:
 * one statement (`balanceFacts`), the caps' rule applied here.
 */
export async function balanceView(
  db: Kysely<PointsDb>,
  userId: string,
  rules: { lotPolicy: LotPolicy; minorCaps: MinorCaps },
  now: Date,
): Promise<Balance> {
  const facts = await balanceFacts(db, userId, {
    spendKinds: SPEND_KINDS,
    monthStart: jstMonthStart(now),
    now,
    until: new Date(now.getTime() + LOT_REMINDER_DAYS * 86_400_000),
  });
  const cap = monthlyCapOf(facts.teen, facts.declared, rules.minorCaps);
  // The statement sums spending only for accounts flagged capped; a person the rule caps whose flag
  // is not set yet (a declaration between its two writes, an account not open) is counted apart.
  const spent = cap === null ? 0 : (facts.spent ?? (await spentThisMonth(db, await personOf(db, userId), now)));
  return {
    user_id: userId,
    balance: facts.balance,
    purchased: facts.purchased,
    expiring: facts.expiring.map((l) => ({ points: l.remaining, expires_at: l.expires_at.toISOString() })),
    monthly_cap: cap,
    spent_this_month: spent,
    teen: facts.teen,
    age_bracket: facts.declared,
    purchase_valid_days: rules.lotPolicy === 'expire' ? LOT_LIFETIME_DAYS : null,
  };
}
