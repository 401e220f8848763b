import type { Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

type Db = Kysely<AccountsDb>;

/** Records a restriction; an older event arriving late never overwrites a newer one. */
export async function saveRestriction(
  db: Db,
  row: { person_id: string; restriction: string; until: Date | null; event_id: string; at: Date },
): Promise<void> {
  await db
    .insertInto('person_restrictions')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['person_id', 'restriction'])
        .doUpdateSet({ until: row.until, event_id: row.event_id, at: row.at })
        .where('person_restrictions.at', '<=', row.at),
    )
    .execute();
}

/** A lift ends every restriction recorded before it. */
export async function liftRestrictions(db: Db, personId: string, at: Date): Promise<void> {
  await db.deleteFrom('person_restrictions').where('person_id', '=', personId).where('at', '<=', at).execute();
}

/** Whether the person may not sign in now: banned, or suspended until later than `now`. */
export async function restrictedNow(db: Db, personId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('person_restrictions')
    .select('person_id')
    .where('person_id', '=', personId)
    .where('restriction', 'in', ['suspend', 'ban'])
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Remembers a banned person's addresses (keyed hashes); a second ban of the same address changes nothing. */
export async function banAddresses(db: Db, personId: string, hashes: string[], at: Date): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .insertInto('banned_addresses')
    .values(hashes.map((address_hash) => ({ address_hash, person_id: personId, at })))
    .onConflict((oc) => oc.column('address_hash').doUpdateSet({ person_id: personId, at }))
    .execute();
}

/** A lift releases the person's addresses. */
export async function releaseAddresses(db: Db, personId: string): Promise<void> {
  await db.deleteFrom('banned_addresses').where('person_id', '=', personId).execute();
}

export async function isBannedAddress(db: Db, hash: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('banned_addresses')
      .select('person_id')
      .where('address_hash', '=', hash)
      .executeTakeFirst()) !== undefined
  );
}
