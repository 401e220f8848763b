import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { openDatabase } from '../src/db.ts';
import { SERVICE_DATABASES } from '../src/config.ts';
import { infraModes, testConfig, uniqueName } from '../src/testing.ts';

// Issue 30: on real infrastructure each service runs against a database and role of its own
// (.ci/run and Testcontainers make them as compose does), and cannot open another service's.

describe.each(infraModes().filter((m) => m.name === 'real'))('a database per service ($name)', (mode) => {
  it("gives every service's suite its own database, as its own role", async () => {
    expect(Object.keys(mode.serviceDatabaseUrls ?? {}).sort()).toEqual([...SERVICE_DATABASES].sort());
    for (const service of SERVICE_DATABASES) {
      const config = testConfig(service, mode);
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: '', schema: uniqueName('own') });
      try {
        const { rows } = await sql<{ db: string; role: string }>`
          select current_database() as db, current_user as role
        `.execute(database.db);
        expect(rows).toEqual([{ db: `honne_${service}`, role: service }]);
      } finally {
        await database.close();
      }
    }
  });

  it("refuses one service's role in another's database", async () => {
    const chat = new URL(mode.serviceDatabaseUrls!.chat!);
    chat.pathname = '/honne_points';
    // Opening makes the suite's schema, the first statement: refused at the connection.
    await expect(
      openDatabase({ databaseUrl: chat.href, dataDir: '', schema: uniqueName('own') }).then(async (database) => {
        try {
          await sql`select 1`.execute(database.db);
        } finally {
          await database.close();
        }
      }),
    ).rejects.toThrow(/permission denied for database "honne_points"/);
  });
});
