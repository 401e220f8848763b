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
