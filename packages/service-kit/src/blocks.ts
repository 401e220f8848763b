import { events } from '@honne/contracts/events';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

import type { BaseContext } from './context.ts';
import type { Subscription } from './bus.ts';
import { upsertNewest } from './newest.ts';
import { serviceQueue } from './service.ts';

/**
 * The copy of accounts' blocks that a service keeps to enforce them itself (chat, topics): one row
 * per ordered pair of characters, `blocked` as of `updated_at`, so a late event cannot undo a newer one.
 * Accounts sends every pair of the two people's characters, so a block holds whichever they use.
 */
export interface BlockTable {
  blocker_id: string;
  blocked_id: string;
  blocked: boolean;
  updated_at: Date;
}
export interface BlocksReadModel {
  blocks: BlockTable;
}

/** Any service's database that has the table (each names its tables in its own Db type). */
const asBlocks = <DB>(db: Kysely<DB>) => db as unknown as Kysely<BlocksReadModel>;

/** The table, for a service's migration. */
export async function createBlocksTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull())
    .addColumn('blocked_id', 'text', (c) => c.notNull())
    .addColumn('blocked', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();
}

export async function setBlock<DB>(
  db: Kysely<DB>,
  blockerId: string,
  blockedId: string,
  blocked: boolean,
  at: Date,
): Promise<void> {
  await upsertNewest(
    asBlocks(db),
    'blocks',
    ['blocker_id', 'blocked_id'],
    { blocker_id: blockerId, blocked_id: blockedId, blocked, updated_at: at },
    { blocked, updated_at: at },
  );
}

/** Either of the two blocks the other. */
export async function blockedEitherWay<DB>(db: Kysely<DB>, a: string, b: string): Promise<boolean> {
  const row = await asBlocks(db)
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocked', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A condition for queries: `viewer` and the user in column `userColumn` (e.g. `t.user_id`) block
 * each other neither way.
 */
export function notBlockedWith(viewer: string, userColumn: Expression<string>): Expression<SqlBool> {
  return sql<SqlBool>`not exists (
    select 1 from blocks b where b.blocked and (
      (b.blocker_id = ${viewer} and b.blocked_id = ${userColumn}) or
      (b.blocker_id = ${userColumn} and b.blocked_id = ${viewer})))`;
}

/** Everyone `userId` blocks or is blocked by (to leave them out of a broadcast). */
export async function blockedWith<DB>(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await asBlocks(db)
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where('blocked', '=', true)
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  return [...new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)))];
}

/** Keeps the copy up to date from accounts' `accounts.block.changed` (durable). */
export const onBlockChanged = <DB>(ctx: BaseContext & { db: Kysely<DB> }): Subscription =>
  ctx.bus.subscribe(
    events.blockChanged,
    (e) => setBlock(ctx.db, e.blocker_id, e.blocked_id, e.blocked, new Date(e.at)),
    serviceQueue(ctx),
  );

/** A deleted user's rows. */
export async function forgetBlocks<DB>(db: Kysely<DB>, userId: string): Promise<void> {
  await asBlocks(db)
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
}
