import { requests, type EventPayload, type events, type ReplyPayload, type RequestDef } from '@honne/contracts/events';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { sql, type Kysely } from 'kysely';

import { setBlock, type BlocksReadModel } from './blocks.ts';
import type { Bus } from './bus.ts';

/** A snapshot request of the owner: pages of items in id order (contracts' `accounts*Page`). */
type PagedDef = RequestDef & { request: unknown };

/**
 * Every page of an owner's snapshot (issue 12: a read model rebuilt on demand), asked one at a
 * time so the owner is never asked for everything at once.
 */
export async function* snapshotPages<R extends PagedDef>(
  bus: Bus,
  def: R,
  limit = 200,
): AsyncGenerator<ReplyPayload<R> extends { items: infer I } ? I : never> {
  let after: string | null = null;
  do {
    const page = (await bus.request(def, { after, limit } as never, 30_000)) as { items: unknown; next: string | null };
    yield page.items as never;
    after = page.next;
  } while (after !== null);
}

/** A rebuild asks accounts over the bus; the in-process bus has no accounts to ask (embedded mode). */
export function assertRebuildBus(bus: Bus): void {
  if (bus.kind === 'in-process') throw new Error('rebuild needs NATS_URL: accounts answers over the bus');
}

/**
 * After a rebuild that set every block in force with `since` as its time: a row older than that
 * was not confirmed by the owner (its unblock was lost), so it no longer blocks.
 */
export async function retireUnconfirmedBlocks<DB>(db: Kysely<DB>, since: Date): Promise<number> {
  const rows = await (db as unknown as Kysely<BlocksReadModel>)
    .updateTable('blocks')
    .set({ blocked: false, updated_at: since })
    .where('blocked', '=', true)
    .where('updated_at', '<', since)
    .executeTakeFirst();
  return Number(rows.numUpdatedRows);
}

/**
 * The part every follower of accounts rebuilds alike: user cards (through the service's own
 * `upsertCard`) and blocks, every block in force set as of `since` and the unconfirmed ones retired.
 */
export async function rebuildCardsAndBlocks<DB>(
  bus: Bus,
  db: Kysely<DB>,
  upsertCard: (card: EventPayload<typeof events.userProfileUpdated>) => Promise<void>,
  since: Date,
): Promise<{ cards: number; blocks: number }> {
  assertRebuildBus(bus);
  const counts = { cards: 0, blocks: 0 };
  for await (const page of snapshotPages(bus, requests.accountsCardsPage))
    for (const card of page) {
      await upsertCard(card);
      counts.cards++;
    }
  for await (const page of snapshotPages(bus, requests.accountsBlocksPage))
    for (const b of page) {
      await setBlock(db, b.blocker_id, b.blocked_id, true, since);
      counts.blocks++;
    }
  await retireUnconfirmedBlocks(db, since);
  return counts;
}

/**
 * A column where a service keeps ids it pages through in a rebuild (users, rooms). `exceptLike`: a
 * LIKE pattern of ids in it that are the service's own and name nothing of the owner's (points'
 * house accounts).
 */
export interface IdColumn {
  table: string;
  column: string;
  exceptLike?: string;
}

/**
 * One page of the distinct ids held in `columns`, in id order after `after`. Each column is read
 * up to `limit` ids of its own (an index on it serves that), then the smallest `limit` of them all
 * are the page, so a page never sorts whole tables. `bytewise`: ordered and compared byte by byte
 * (COLLATE "C"), as JavaScript compares strings and PostgreSQL orders uuids, for a caller that
 * compares the ids with another service's pages; otherwise in the database's own order (which its
 * indexes serve).
 */
export async function idsPage<DB>(
  db: Kysely<DB>,
  columns: readonly IdColumn[],
  after: string | null,
  limit: number,
  { bytewise = false }: { bytewise?: boolean } = {},
): Promise<string[]> {
  const collate = bytewise ? sql` COLLATE "C"` : sql``;
  const branches = columns.map(({ table, column, exceptLike }) => {
    const col = sql`${sql.ref(column)}${collate}`;
    return sql`(SELECT DISTINCT ${col} AS id FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL${
      after === null ? sql`` : sql` AND ${col} > ${after}`
    }${exceptLike === undefined ? sql`` : sql` AND ${sql.ref(column)} NOT LIKE ${exceptLike}`} ORDER BY 1 LIMIT ${limit})`;
  });
  const { rows } = await sql<{ id: string }>`SELECT id FROM (${sql.join(branches, sql` UNION `)}) AS held
    ORDER BY id${collate} LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

const existingReply = TypeCompiler.Compile(requests.accountsUsersExisting.reply);

/**
 * Removes the data of users accounts no longer has — deleted while this service's
 * `accounts.user.deleted` was lost — through `remove`, the service's own deletion handler, so the
 * effect is the event's. Pages through the user ids the service holds (`page`, in id order), asks
 * accounts which of each page exist (`accounts.snapshot.existing`), and removes the others. A page
 * accounts did not answer (NATS gone, a timeout, no accounts) ends the run with that error before
 * anything of the page is removed: a missing answer never counts as a deletion. A user who
 * registers meanwhile is in accounts before any service holds anything of theirs, so they stay.
 */
export async function removeUsersAccountsLacks(
  bus: Bus,
  page: (after: string | null, limit: number) => Promise<string[]>,
  remove: (userId: string) => Promise<void>,
  limit = 500,
): Promise<number> {
  assertRebuildBus(bus);
  let removed = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await page(after, limit);
    if (ids.length === 0) return removed;
    const reply: unknown = await bus.request(requests.accountsUsersExisting, { user_ids: ids }, 30_000);
    // An answer of another shape must not read as "none of them exist".
    if (!existingReply.Check(reply)) throw new Error('accounts answered accounts.snapshot.existing in another shape');
    const existing = new Set(reply.existing);
    for (const id of ids)
      if (!existing.has(id)) {
        await remove(id);
        removed++;
      }
    if (ids.length < limit) return removed;
    after = ids.at(-1)!;
  }
}

/** Deletes every row in which `columns` hold `userId` (a deleted user's rows in a service's own tables). */
export async function deleteRowsOf<DB>(db: Kysely<DB>, userId: string, columns: readonly IdColumn[]): Promise<void> {
  for (const { table, column } of columns) {
    await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${userId}`.execute(db);
  }
}
