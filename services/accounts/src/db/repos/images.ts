import type { Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

/** Images live in the database: every accounts instance serves them, and a deleted user takes them along. */
export async function saveImage(
  db: Kysely<AccountsDb>,
  id: string,
  userId: string,
  image: { bytes: Buffer; width: number; height: number },
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('images')
    .values({
      id,
      user_id: userId,
      content_type: 'image/jpeg',
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `/api/v1/users/images/${row.id}.jpg`;
}

export function findImage(db: Kysely<AccountsDb>, id: string) {
  return db.selectFrom('images').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
}

/** Removes a user's images except the one in use. */
export async function pruneImages(db: Kysely<AccountsDb>, userId: string, keepPath: string | null): Promise<void> {
  const keep = /\/users\/images\/([0-9a-f-]{36})\.jpg$/.exec(keepPath ?? '')?.[1];
  let q = db.deleteFrom('images').where('user_id', '=', userId);
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
}
