import type { ReplyPayload, RequestDef } from '@honne/contracts/events';
import type { Kysely } from 'kysely';

import type { BlocksReadModel } from './blocks.ts';
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
