import { sql, type Kysely, type Transaction } from 'kysely';

import type { AgeBracket } from '@honne/contracts/points';

import type { PointsDb } from '../schema/index.ts';

/** Keeps what the profile says of a user's age (teens or not) and which person (parent account) they are. */
export async function recordProfileAge(
  db: Kysely<PointsDb>,
  r: { user_id: string; family_id: string; teen: boolean },
  now: Date,
): Promise<void> {
  await db
    .insertInto('spender_ages')
    .values({ ...r, declared: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ family_id: r.family_id, teen: r.teen, updated_at: now }))
    .execute();
}

/** A declared age bracket is the person's: every character of the parent account gets it. */
export async function declareAge(db: Kysely<PointsDb>, userId: string, bracket: AgeBracket, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const me = await trx
      .selectFrom('spender_ages')
      .select('family_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!me) {
      // The profile event has not arrived yet: the user is their own family until it does.
      await trx
        .insertInto('spender_ages')
        .values({ user_id: userId, family_id: userId, teen: false, declared: bracket, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ declared: bracket, updated_at: now }))
        .execute();
      return;
    }
    await trx
      .updateTable('spender_ages')
      .set({ declared: bracket, updated_at: now })
      .where('family_id', '=', me.family_id)
      .execute();
  });
}

export interface Person {
  declared: AgeBracket | null;
  teen: boolean;
  /** The user ids of the person's characters (the user alone when the profile is not known yet). */
  family: string[];
  /** The person (their parent account); null when the profile is not known yet. */
  familyId: string | null;
}

/** What is known of a user's person: age group, declared bracket, and their characters. */
export async function personOf(db: Kysely<PointsDb> | Transaction<PointsDb>, userId: string): Promise<Person> {
  const rows = await db
    .selectFrom('spender_ages as me')
    .innerJoin('spender_ages as kin', 'kin.family_id', 'me.family_id')
    .select(['kin.user_id', 'kin.teen', 'kin.declared', 'kin.family_id'])
    .where('me.user_id', '=', userId)
    .execute();
  const family = rows.length > 0 ? rows.map((r) => r.user_id) : [userId];
  const teen = rows.some((r) => r.teen);
  const declared = (rows.find((r) => r.declared !== null)?.declared ?? null) as AgeBracket | null;
  return { declared, teen, family, familyId: rows[0]?.family_id ?? null };
}

/** What the person's deleted characters spent in the month starting `monthStart`. */
export async function departedSpent(
  db: Kysely<PointsDb> | Transaction<PointsDb>,
  familyId: string | null,
  monthStart: Date,
): Promise<number> {
  if (familyId === null) return 0;
  const row = await db
    .selectFrom('departed_spending')
    .select('spent')
    .where('family_id', '=', familyId)
    .where('month_start', '=', monthStart)
    .executeTakeFirst();
  return Number(row?.spent ?? 0);
}

/** Adds a deleted character's spending of the month to its person's. */
export async function carrySpending(
  db: Kysely<PointsDb> | Transaction<PointsDb>,
  familyId: string,
  monthStart: Date,
  spent: number,
): Promise<void> {
  await db
    .insertInto('departed_spending')
    .values({ family_id: familyId, month_start: monthStart, spent })
    .onConflict((oc) =>
      oc
        .columns(['family_id', 'month_start'])
        .doUpdateSet({ spent: sql<number>`departed_spending.spent + excluded.spent` }),
    )
    .execute();
}

/** Points the users moved out as one of `kinds` since `since`. */
export async function spentSince(
  db: Kysely<PointsDb> | Transaction<PointsDb>,
  users: string[],
  kinds: readonly string[],
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('transfers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('spent'))
    .where('debit_account', 'in', users)
    .where('kind', 'in', [...kinds])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.spent);
}

/**
 * Serialises a person's spends for the rest of the transaction: their characters' accounts are
 * different rows, so the payer's row lock alone would let two characters pass the cap together.
 */
export async function lockFamily(trx: Transaction<PointsDb>, family: string[]): Promise<void> {
  const key = [...family].sort()[0]!;
  await sql`select pg_advisory_xact_lock(hashtext(${`points-family:${key}`}))`.execute(trx);
}

/**
 * Marks the accounts of a person's characters as capped or not, after their age changed (profile or
 * declaration): the ledger's transfer reads the flag with the row it locks anyway, so adults pay no
 * lookup. Accounts not open yet are opened at 0 with the flag.
 */
export async function markCapped(db: Kysely<PointsDb>, family: string[], capped: boolean, now: Date): Promise<void> {
  await db
    .insertInto('accounts')
    .values(family.map((u) => ({ user_id: u, balance: 0, purchased: 0, capped, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ capped }))
    .execute();
}
