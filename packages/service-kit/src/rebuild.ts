import { requests, type EventPayload, type events, type ReplyPayload, type RequestDef } from '@honne/contracts/events';
import type { Kysely } from 'kysely';

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
  if (bus.kind === 'in-process') throw new Error('rebuild needs NATS_URL: accounts answers over the bus');
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
