import type { Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

export async function block(db: Kysely<AccountsDb>, blocker: string, blocked: string, now: Date): Promise<boolean> {
  const rows = await db
    .insertInto('blocks')
    .values({ blocker_id: blocker, blocked_id: blocked, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function unblock(db: Kysely<AccountsDb>, blocker: string, blocked: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blocker)
    .where('blocked_id', '=', blocked)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** True when either user blocked the other. */
export async function blockedEitherWay(db: Kysely<AccountsDb>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The users a user blocked, newest first, keyset-paged by block id order of creation. */
export function blockPage(
  db: Kysely<AccountsDb>,
  blocker: string,
  after: { created_at: Date; id: string } | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select([
      'blocks.id',
      'blocks.created_at',
      'users.id as user_id',
      'users.user_name',
      'users.profile_image',
      'users.gender',
    ])
    .where('blocks.blocker_id', '=', blocker);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('blocks.created_at', '<', after.created_at),
        eb.and([eb('blocks.created_at', '=', after.created_at), eb('blocks.id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('blocks.created_at', 'desc').orderBy('blocks.id', 'desc').limit(limit).execute();
}

export function findBlock(db: Kysely<AccountsDb>, id: string) {
  return db.selectFrom('blocks').select(['id', 'created_at']).where('id', '=', id).executeTakeFirst();
}
