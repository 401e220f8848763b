import type { Kysely, Transaction } from 'kysely';

import { carrySpending, departedSpent, markCapped, personOf, spentSince, type Person } from '../db/repos/spend-caps.ts';
import type { PointsDb } from '../db/schema/index.ts';
import { SPEND_KINDS, jstMonthStart, monthlyCapOf, type MinorCaps } from '../domain/spend-caps.ts';

type Db = Kysely<PointsDb> | Transaction<PointsDb>;

/** A user's person and the monthly cap that holds for them (null: none). */
export async function capOf(db: Db, userId: string, caps: MinorCaps): Promise<Person & { cap: number | null }> {
  const person = await personOf(db, userId);
  return { ...person, cap: monthlyCapOf(person.teen, person.declared, caps) };
}

/**
 * What a person spent this calendar month in Japan: what the cap counts. Their characters' spending,
 * and that of characters deleted since (their transfers went with them; the sum did not).
 */
export async function spentThisMonth(db: Db, person: Pick<Person, 'family' | 'familyId'>, now: Date): Promise<number> {
  const since = jstMonthStart(now);
  const [live, departed] = await Promise.all([
    spentSince(db, person.family, SPEND_KINDS, since),
    departedSpent(db, person.familyId, since),
  ]);
  return live + departed;
}

/** Before a character's ledger goes: its spending this month stays with its person. */
export async function carryMonthOf(db: Db, userId: string, now: Date): Promise<void> {
  const person = await personOf(db, userId);
  if (person.familyId === null) return;
  const since = jstMonthStart(now);
  const spent = await spentSince(db, [userId], SPEND_KINDS, since);
  if (spent > 0) await carrySpending(db, person.familyId, since, spent);
}

/** After an age changed (profile or declaration): every account of the person is flagged capped or not. */
export async function refreshCapped(db: Kysely<PointsDb>, userId: string, caps: MinorCaps, now: Date): Promise<void> {
  const person = await capOf(db, userId, caps);
  await markCapped(db, person.family, person.cap !== null, now);
}
