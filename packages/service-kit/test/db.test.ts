import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropSchema, openDatabase, prepared, type Database } from '../src/db.ts';
import { infraModes, uniqueName } from '../src/testing.ts';

describe.each(infraModes())('database ($name)', (mode) => {
  let database: Database<unknown>;

  beforeAll(async () => {
    // One connection, so every statement below meets the statements the earlier ones prepared.
    database = await openDatabase({
      databaseUrl: mode.databaseUrl,
      dataDir: '',
      schema: uniqueName('db'),
      inMemory: true,
      poolSize: 1,
    });
  });
  afterAll(async () => {
    if (database) {
      await dropSchema(database);
      await database.close();
    }
  });

  it('runs a statement marked `prepared` with its values again and again; on PostgreSQL prepared once, nothing unmarked', async () => {
    await sql`select ${'plain'}::text as plain`.execute(database.db);
    for (const n of [1, 2, 3, 7]) {
      const { rows } = await sql<{ twice: number }>`${prepared('kit_twice')} select ${n}::int * 2 as twice`.execute(
        database.db,
      );
      expect(rows).toEqual([{ twice: n * 2 }]);
    }
    // PGlite has no named statements to look at; there the mark is only a comment.
    if (database.kind === 'postgres') {
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements order by name
      `.execute(database.db);
      expect(rows.map((r) => r.name)).toEqual(['kit_twice']);
      expect(rows[0]!.statement).toMatch(/^\/\* prepared:kit_twice \*\/\s+select \$1::int \* 2 as twice$/);
    }
  });

  it('refuses a statement name that could break out of its comment', () => {
    expect(() => prepared('bad */ name')).toThrow(/invalid prepared statement name/);
  });
});
