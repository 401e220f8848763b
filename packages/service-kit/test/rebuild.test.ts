import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropSchema, openDatabase, type Database } from '../src/db.ts';
import { idsPage, removeUsersAccountsLacks, type IdColumn } from '../src/rebuild.ts';
import { InProcessBus } from '../src/bus.ts';
import {
  accountsStandIn,
  describeOnRealInfra,
  infraModes,
  testInfra,
  uniqueName,
  userCard,
  type InfraMode,
} from '../src/testing.ts';

/** Two tables holding user ids, overlapping, one with ids of the service's own ('house:'). */
const COLUMNS: IdColumn[] = [
  { table: 'ledgers', column: 'user_id', exceptLike: 'house:%' },
  { table: 'pairs', column: 'a_id' },
  { table: 'pairs', column: 'b_id' },
];
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A database of a service's own with two tables holding user ids; `fill` replaces what they hold. */
function heldIds(mode: InfraMode) {
  let database: Database<unknown>;
  const ctx = {
    get db() {
      return database.db;
    },
    async open() {
      database = await openDatabase({
        databaseUrl: mode.databaseUrl,
        dataDir: '',
        schema: uniqueName('rebuild'),
        inMemory: true,
      });
      // A collation that orders as people read (case folded, punctuation last), where the server has
      // one: the bytewise page must not follow it. PGlite has only C.
      const icu = mode.databaseUrl ? sql` COLLATE "und-x-icu"` : sql``;
      await sql`CREATE TABLE ledgers (user_id text${icu} PRIMARY KEY)`.execute(database.db);
      await sql`CREATE TABLE pairs (a_id text${icu} NOT NULL, b_id text${icu})`.execute(database.db);
    },
    async close() {
      if (!database) return;
      await dropSchema(database);
      await database.close();
    },
    async fill(ledgers: string[], pairs: [string, string | null][]) {
      await sql`DELETE FROM ledgers`.execute(database.db);
      await sql`DELETE FROM pairs`.execute(database.db);
      for (const u of ledgers) await sql`INSERT INTO ledgers VALUES (${u})`.execute(database.db);
      for (const [a, b] of pairs) await sql`INSERT INTO pairs VALUES (${a}, ${b})`.execute(database.db);
    },
    /** Everything held but the service's own ids, in order. */
    async held() {
      const { rows } = await sql<{ id: string }>`SELECT user_id AS id FROM ledgers WHERE user_id NOT LIKE 'house:%'
        UNION SELECT a_id FROM pairs UNION SELECT b_id FROM pairs WHERE b_id IS NOT NULL ORDER BY 1`.execute(
        database.db,
      );
      return rows.map((r) => r.id);
    },
    page: (after: string | null, limit: number) => idsPage(database.db, COLUMNS, after, limit),
  };
  return ctx;
}

describe.each(infraModes())('rebuild: the ids a service holds, page by page ($name)', (mode) => {
  const t = heldIds(mode);
  beforeAll(() => t.open(), 60_000);
  afterAll(() => t.close());

  it('pages every distinct id once, in order, across the columns, leaving out the service’s own', async () => {
    await t.fill(
      ['house:issued', id(5), id(1), id(3)],
      [
        [id(3), id(4)],
        [id(6), null],
        [id(2), id(5)],
        [id(7), id(1)],
      ],
    );
    const pages: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const page = await t.page(after, 3);
      pages.push(page);
      if (page.length < 3) break;
      after = page.at(-1)!;
    }
    expect(pages).toEqual([[id(1), id(2), id(3)], [id(4), id(5), id(6)], [id(7)]]);
  });

  it('bytewise: ordered as JavaScript compares strings and uuids are ordered, whatever the column’s collation', async () => {
    // Upper case sorts before lower case byte by byte, and '_' between them.
    await t.fill(['b', 'B', 'a', 'A', '_x'], []);
    const page = await idsPage(t.db, COLUMNS, null, 10, { bytewise: true });
    expect(page).toEqual(['A', 'B', '_x', 'a', 'b']);
    expect(page).toEqual([...page].sort());
    expect(await idsPage(t.db, COLUMNS, 'B', 10, { bytewise: true })).toEqual(['_x', 'a', 'b']);
    // The column's own order differs on a server that has the collation: what bytewise is for.
    if (mode.databaseUrl) expect(await t.page(null, 10)).toEqual(['_x', 'a', 'A', 'b', 'B']);
  });
});

describe('rebuild on the in-process bus (embedded)', () => {
  const t = heldIds({ name: 'embedded' });
  beforeAll(() => t.open(), 60_000);
  afterAll(() => t.close());

  it('refuses before asking or removing anything: accounts answers over NATS', async () => {
    await t.fill([id(1)], []);
    const removed: string[] = [];
    await expect(
      removeUsersAccountsLacks(new InProcessBus(), t.page, async (userId) => void removed.push(userId)),
    ).rejects.toThrow('rebuild needs NATS_URL');
    expect(removed).toEqual([]);
  });
});

describeOnRealInfra('rebuild: removing the users accounts lacks', (mode) => {
  const t = heldIds(mode);
  let infra: Awaited<ReturnType<typeof testInfra>>;
  beforeAll(async () => {
    infra = await testInfra(mode);
    await t.open();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await infra?.close();
  });

  it('removes exactly the users accounts lacks, page by page, each request bounded; keeps the rest', async () => {
    const users = Array.from({ length: 7 }, (_, i) => id(i + 1));
    await t.fill(users.slice(0, 4), [
      [users[4]!, users[5]!],
      [users[6]!, users[0]!],
    ]);
    const accounts = accountsStandIn(infra.bus);
    try {
      // Accounts lost users 2, 5 and 7 (their deletions never reached this service).
      for (const u of [users[0]!, users[2]!, users[3]!, users[5]!]) accounts.users.set(u, userCard(u, new Date()));
      const removed: string[] = [];
      const count = await removeUsersAccountsLacks(
        infra.bus,
        t.page,
        async (userId) => {
          removed.push(userId);
          await sql`DELETE FROM ledgers WHERE user_id = ${userId}`.execute(t.db);
          await sql`DELETE FROM pairs WHERE a_id = ${userId} OR b_id = ${userId}`.execute(t.db);
        },
        3,
      );
      expect(removed).toEqual([users[1], users[4], users[6]]);
      expect(count).toBe(3);
      expect(accounts.asked.map((ids) => ids.length)).toEqual([3, 3, 1]);
      expect(await t.held()).toEqual([users[0], users[2], users[3]]);
    } finally {
      accounts.close();
    }
  });

  it('accounts stops answering: the run fails and removes nothing it was not told', async () => {
    await t.fill([id(1), id(2), id(3), id(4)], []);
    const accounts = accountsStandIn(infra.bus);
    const removed: string[] = [];
    try {
      accounts.users.set(id(1), userCard(id(1), new Date()));
      let pages = 0;
      const run = removeUsersAccountsLacks(
        infra.bus,
        async (after, limit) => {
          // Accounts goes away once it answered the first page.
          if (pages++ === 1) accounts.state.down = true;
          return t.page(after, limit);
        },
        async (userId) => void removed.push(userId),
        2,
      );
      await expect(run).rejects.toThrow('accounts is going away');
      expect(removed).toEqual([id(2)]);
    } finally {
      accounts.close();
    }
    // Nobody answers at all: refused too, nothing removed.
    await expect(
      removeUsersAccountsLacks(infra.bus, t.page, async (userId) => void removed.push(userId)),
    ).rejects.toThrow('accounts.snapshot.existing');
    expect(removed).toEqual([id(2)]);
  });
});
