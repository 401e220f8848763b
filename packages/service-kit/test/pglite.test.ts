import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../src/db.ts';
import { EmbeddedPostgres } from '../src/pglite.ts';

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
