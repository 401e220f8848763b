import type { Kysely, Transaction } from 'kysely';

import { markCapped, personOf, spentSince, type Person } from '../db/repos/spend-caps.ts';
import type { PointsDb } from '../db/schema/index.ts';
import { SPEND_KINDS, jstMonthStart, monthlyCapOf, type MinorCaps } from '../domain/spend-caps.ts';

type Db = Kysely<PointsDb> | Transaction<PointsDb>;

/** A user's person and the monthly cap that holds for them (null: none). */
export async function capOf(db: Db, userId: string, caps: MinorCaps): Promise<Person & { cap: number | null }> {
  const person = await personOf(db, userId);
  return { ...person, cap: monthlyCapOf(person.teen, person.declared, caps) };
}

/** What a person's characters spent this calendar month in Japan: what the cap counts. */
export function spentThisMonth(db: Db, family: string[], now: Date): Promise<number> {
  return spentSince(db, family, SPEND_KINDS, jstMonthStart(now));
}

/** After an age changed (profile or declaration): every account of the person is flagged capped or not. */
export async function refreshCapped(db: Kysely<PointsDb>, userId: string, caps: MinorCaps, now: Date): Promise<void> {
  const person = await capOf(db, userId, caps);
  await markCapped(db, person.family, person.cap !== null, now);
}
