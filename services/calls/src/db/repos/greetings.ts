import type { Kysely } from 'kysely';

import type { CallsDb, GreetingsTable } from '../schema/index.ts';

export type GreetingRow = Omit<GreetingsTable, 'updated_at'> & { updated_at: Date };

export async function saveGreeting(db: Kysely<CallsDb>, row: GreetingRow): Promise<void> {
  await db
    .insertInto('greetings')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        mime_type: row.mime_type,
        duration_ms: row.duration_ms,
        size: row.size,
        audio: row.audio,
        object_key: row.object_key,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function findGreeting(db: Kysely<CallsDb>, userId: string): Promise<GreetingRow | undefined> {
  return db.selectFrom('greetings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteGreeting(db: Kysely<CallsDb>, userId: string): Promise<void> {
  await db.deleteFrom('greetings').where('user_id', '=', userId).execute();
}

/**
 * Stores part `part` of a user's seven-part upload (replacing an earlier one of that number), after
 * dropping parts older than `staleBefore` (an upload abandoned halfway); answers the parts now held,
 * in order.
 */
export async function saveGreetingPart(
  db: Kysely<CallsDb>,
  userId: string,
  part: number,
  data: string,
  now: Date,
  staleBefore: Date,
): Promise<{ part: number; data: string }[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('greeting_parts')
      .where('user_id', '=', userId)
      .where('updated_at', '<', staleBefore)
      .execute();
    await trx
      .insertInto('greeting_parts')
      .values({ user_id: userId, part, data, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'part']).doUpdateSet({ data, updated_at: now }))
      .execute();
    return trx
      .selectFrom('greeting_parts')
      .select(['part', 'data'])
      .where('user_id', '=', userId)
      .orderBy('part')
      .execute();
  });
}

/** The parts are used up (assembled, or refused as a whole): the next upload starts afresh. */
export async function deleteGreetingParts(db: Kysely<CallsDb>, userId: string): Promise<void> {
  await db.deleteFrom('greeting_parts').where('user_id', '=', userId).execute();
}
