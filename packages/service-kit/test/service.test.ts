import { randomUUID } from 'node:crypto';

import { events } from '@honne/contracts/events';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { dropSchema, openDatabase } from '../src/db.ts';
import { every } from '../src/jobs.ts';
import { defineService, serviceQueue, type MigrationSet, type ServiceContext } from '../src/service.ts';
import { eventually, infraModes, testConfig, testInfra, uniqueName, type InfraMode } from '../src/testing.ts';
import type { BaseConfig } from '../src/config.ts';

interface ProbeDb {
  notes: { id: number; text: string };
}

const createNotes: Migration = {
  up: (db: Kysely<unknown>) =>
    db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute(),
};
const addText: Migration = {
  up: (db: Kysely<unknown>) =>
    db.schema
      .alterTable('notes')
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .execute(),
};

/** A whole service in a dozen lines: what every real one hands the kit. */
function probeService(name: string, migrations: MigrationSet, deleted: string[] = []) {
  return defineService<BaseConfig, ProbeDb, ServiceContext<BaseConfig, ProbeDb>>({
    name,
    loadConfig: () => {
      throw new Error('tests pass their config');
    },
    migrations,
    health: (db) => db.selectFrom('notes').select('id').limit(1).execute(),
    routes: [
      (app, ctx) => app.get('/notes', async () => ({ notes: await ctx.db.selectFrom('notes').selectAll().execute() })),
    ],
    subscribers: (ctx) => [
      ctx.bus.subscribe(events.userDeleted, async (e) => void deleted.push(e.user_id), serviceQueue(ctx)),
    ],
    start: (ctx) => [every(60_000, 'probe', ctx.log, async () => {})],
  });
}

describe.each(infraModes())(
  'defineService ($name)',
  (mode: InfraMode) => {
    const schemas: string[] = [];
    const configFor = (name: string) => {
      schemas.push(name);
      return testConfig(name, mode);
    };

    afterAll(async () => {
      if (!mode.databaseUrl) return;
      for (const schema of schemas) {
        const database = await openDatabase({ databaseUrl: mode.databaseUrl, dataDir: '', schema });
        await dropSchema(database);
        await database.close();
      }
    });

    it('migrates only as its own step: an instance refuses a schema that is behind, then starts once it is migrated', async () => {
      const name = uniqueName('probe');
      const config = configFor(name);
      const service = probeService(name, { migrations: { '2026-01-01T00-00-00-notes': createNotes } });

      await expect(service.createService(config, { migrate: false })).rejects.toThrow(
        new RegExp(`schema "${name}" is behind \\(pending: 2026-01-01T00-00-00-notes\\)`),
      );

      expect(await service.migrate(config)).toEqual(['2026-01-01T00-00-00-notes']);
      expect(await service.migrate(config)).toEqual([]);

      const running = await service.createService(config, { migrate: false });
      try {
        expect((await running.app.inject({ url: '/notes' })).json()).toEqual({ notes: [] });
        expect((await running.app.inject({ url: '/health' })).statusCode).toBe(200);
      } finally {
        await running.close();
      }

      // A later migration: the instance again refuses until the step has run it.
      const grown = probeService(name, {
        migrations: { '2026-01-01T00-00-00-notes': createNotes, '2026-01-02T00-00-00-text': addText },
      });
      await expect(grown.createService(config, { migrate: false })).rejects.toThrow(
        /pending: 2026-01-02T00-00-00-text\)/,
      );
      expect(await grown.migrate(config)).toEqual(['2026-01-02T00-00-00-text']);
    });

    it('keeps a migration that was renamed after it ran: the recorded name follows, nothing runs twice', async () => {
      const name = uniqueName('probe');
      const config = configFor(name);
      await probeService(name, { migrations: { '2026-12-31T00-00-00-notes': createNotes } }).migrate(config);

      const renamed = probeService(name, {
        migrations: { '2026-01-01T00-00-00-notes': createNotes, '2026-01-02T00-00-00-text': addText },
        renamed: { '2026-12-31T00-00-00-notes': '2026-01-01T00-00-00-notes' },
      });
      // createTable would fail on a second run: only the new migration may run.
      expect(await renamed.migrate(config)).toEqual(['2026-01-02T00-00-00-text']);

      const database = await openDatabase({
        databaseUrl: mode.databaseUrl,
        dataDir: config.dataDir,
        schema: name,
      });
      try {
        const { rows } = await sql<{
          name: string;
        }>`SELECT name FROM ${sql.table(`${name}.kysely_migration`)} ORDER BY name`.execute(database.db);
        expect(rows.map((r) => r.name)).toEqual(['2026-01-01T00-00-00-notes', '2026-01-02T00-00-00-text']);
      } finally {
        await database.close();
      }
    });

    it("gives each event to one instance of a service: its subscribers' queue group is the service's name", async () => {
      const name = uniqueName('probe');
      const config = configFor(name);
      const infra = await testInfra(mode);
      const deleted: string[] = [];
      const service = probeService(name, { migrations: { '2026-01-01T00-00-00-notes': createNotes } }, deleted);
      // Two instances on one bus, as two processes of one service would be.
      const a = await service.createService(config, { bus: infra.bus, cache: infra.cache });
      const b = await service.createService(config, { bus: infra.bus, cache: infra.cache, migrate: false });
      try {
        const ids = [randomUUID(), randomUUID(), randomUUID()];
        for (const user_id of ids)
          await infra.bus.publish(events.userDeleted, { user_id, deleted_at: new Date().toISOString() });
        await infra.bus.flush();
        await eventually(() => expect([...deleted].sort()).toEqual([...ids].sort()));
        // A double would arrive with its first copy; one more event after them bounds the wait.
        const last = randomUUID();
        await infra.bus.publish(events.userDeleted, { user_id: last, deleted_at: new Date().toISOString() });
        await eventually(() => expect(deleted).toContain(last));
        expect(deleted).toHaveLength(ids.length + 1);
      } finally {
        await a.close();
        await b.close();
        await infra.close();
      }
    });
  },
  60_000,
); // PGlite opens its files anew for each step
