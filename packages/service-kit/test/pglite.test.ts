import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../src/db.ts';
import { EmbeddedPostgres, writePgliteTemplate } from '../src/pglite.ts';

interface Tables {
  note: { service: string; n: number };
}

/** The embedded start: services' kysely instances on one PGlite, a schema each. */
describe('one PGlite shared by two services', () => {
  let embedded: EmbeddedPostgres;
  let accounts: Database<Tables>;
  let chat: Database<Tables>;

  beforeAll(async () => {
    embedded = await EmbeddedPostgres.open();
    const open = (schema: string) => openDatabase<Tables>({ databaseUrl: undefined, dataDir: '', schema, embedded });
    accounts = await open('accounts');
    chat = await open('chat');
    // The same table name in both schemas: each service must land in its own.
    for (const { db } of [accounts, chat]) {
      await sql`create table note (service text not null, n int not null)`.execute(db);
    }
    // A PGlite in memory runs initdb as it opens: seconds, many more on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await accounts?.close();
    await chat?.close();
    await embedded?.close();
  });

  const count = async (schema: string, service: string) => {
    const { rows } = await sql<{ c: number }>`
      select count(*)::int as c from ${sql.table(`${schema}.note`)} where service = ${service}
    `.execute(accounts.db);
    return rows[0]!.c;
  };

  it("keeps concurrent transactions of two services apart: one's rollback never takes the other's commit", async () => {
    const rounds = 25;
    // Several statements per transaction, so without one queue for both the other service's
    // begin/insert/commit would run in between (inside the open transaction).
    const rolledBack = (db: Kysely<Tables>, n: number) =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('note').values({ service: 'accounts', n }).execute();
          await trx.selectFrom('note').select('n').execute();
          await trx.insertInto('note').values({ service: 'accounts', n: -n }).execute();
          throw new Error('roll back');
        })
        .catch((err: Error) => err.message);
    const committed = (db: Kysely<Tables>, n: number) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ service: 'chat', n }).execute();
        await trx.selectFrom('note').select('n').execute();
        await trx.insertInto('note').values({ service: 'chat', n: -n }).execute();
      });
    const results = await Promise.all(
      Array.from({ length: rounds }, (_, n) => [rolledBack(accounts.db, n), committed(chat.db, n)]).flat(),
    );

    expect(results.filter((r) => r === 'roll back')).toHaveLength(rounds);
    expect(await count('chat', 'chat')).toBe(2 * rounds);
    expect(await count('accounts', 'accounts')).toBe(0);
    // Nothing of one service's landed in the other's schema.
    expect(await count('accounts', 'chat')).toBe(0);
    expect(await count('chat', 'accounts')).toBe(0);
  });

  it('gives each service its own search path, statement by statement', async () => {
    const paths = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sql<{ p: string }>`select current_schema() as p`.execute(i % 2 ? chat.db : accounts.db),
      ),
    );
    expect(paths.map((r) => r.rows[0]!.p)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 ? 'chat' : 'accounts')));
  });

  it('leaves the shared PGlite open when one service closes', async () => {
    const calls = await openDatabase<Tables>({ databaseUrl: undefined, dataDir: '', schema: 'calls', embedded });
    await calls.close();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(chat.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});

/** The embedded start's first open loads the build's template instead of running initdb (issue 17). */
describe('a data directory from the template', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is made with initdb's small cache and WAL segments", async () => {
    const template = path.join(dir, 'template.tar.gz');
    await writePgliteTemplate(template);
    const embedded = await EmbeddedPostgres.open(path.join(dir, 'made'), template);
    try {
      const setting = async (name: string) =>
        (await embedded.pglite.query<{ setting: string }>(`select setting from pg_settings where name = '${name}'`))
          .rows[0]!.setting;
      // 8 kB pages: 16 MB; WAL segments of 1 MB (initdb's --wal-segsize, fixed when the files are made).
      expect(await setting('shared_buffers')).toBe('2048');
      expect(await setting('wal_segment_size')).toBe(String(1024 * 1024));
    } finally {
      await embedded.close();
    }
  }, 120_000);

  it('is what a fresh directory starts from, and an ordinary open keeps what was written', async () => {
    // A template carrying a mark of its own: found only if the open loaded it rather than ran initdb.
    const { PGlite } = await import('@electric-sql/pglite');
    const maker = await PGlite.create();
    await maker.exec('create table from_template (n int); insert into from_template values (7)');
    const template = path.join(dir, 'marked.tar.gz');
    writeFileSync(template, Buffer.from(await (await maker.dumpDataDir('gzip')).arrayBuffer()));
    await maker.close();

    const data = path.join(dir, 'data');
    const first = await EmbeddedPostgres.open(data, template);
    try {
      expect((await first.pglite.query('select n from public.from_template')).rows).toEqual([{ n: 7 }]);
      await first.pglite.exec('insert into public.from_template values (8)');
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(data, 'PG_VERSION'))).toBe(true);
    const again = await EmbeddedPostgres.open(data, template);
    try {
      expect((await again.pglite.query('select n from public.from_template order by n')).rows).toEqual([
        { n: 7 },
        { n: 8 },
      ]);
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('databases in memory', () => {
  const open = (schema: string) =>
    openDatabase<unknown>({ databaseUrl: undefined, dataDir: '', schema, inMemory: true });
  const tables = async (database: Database<unknown>) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = ${database.schema}`.execute(
        database.db as Kysely<unknown>,
      )
    ).rows[0]!.n;

  it("are schemas of the process's one PGlite, each with its own tables", async () => {
    const first = await open('mem_first');
    const second = await open('mem_second');
    await sql`create table t (x int)`.execute(first.db as Kysely<unknown>);
    expect(await tables(first)).toBe(1);
    expect(await tables(second)).toBe(0);
    // The same PGlite: the first's table is visible from the second by its schema's name.
    await sql`insert into mem_first.t values (1)`.execute(second.db as Kysely<unknown>);
    expect((await sql<{ x: number }>`select x from t`.execute(first.db as Kysely<unknown>)).rows).toEqual([{ x: 1 }]);
    await second.close();
    await first.close();
  });

  it('are dropped on close: the same name opens empty again', async () => {
    const before = await open('mem_again');
    await sql`create table t (x int)`.execute(before.db as Kysely<unknown>);
    await before.close();
    const after = await open('mem_again');
    expect(await tables(after)).toBe(0);
    await sql`create table t (x int)`.execute(after.db as Kysely<unknown>);
    expect(await tables(after)).toBe(1);
    await after.close();
  });
});
