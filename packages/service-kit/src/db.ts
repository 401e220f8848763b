import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

export interface DbOptions {
  /** PostgreSQL URL; without it the service runs on PGlite files under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Each service owns one schema and never reads another's. */
  schema: string;
  /** PGlite only: keep the data in memory (tests). */
  inMemory?: boolean;
  poolSize?: number;
}

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  schema: string;
  close(): Promise<void>;
}

const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase<DB>(options: DbOptions): Promise<Database<DB>> {
  if (!SCHEMA_RE.test(options.schema)) throw new Error(`invalid schema name: ${options.schema}`);
  const quoted = `"${options.schema}"`;
  if (options.databaseUrl) {
    const bootstrap = new pg.Client({ connectionString: options.databaseUrl });
    await bootstrap.connect();
    try {
      await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    } finally {
      await bootstrap.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}`,
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (!options.inMemory) {
    dir = path.join(options.dataDir, 'pglite', options.schema);
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir);
  await pglite.exec(`CREATE SCHEMA IF NOT EXISTS ${quoted}; SET search_path TO ${quoted};`);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', schema: options.schema, close: () => db.destroy() };
}

/** Applies the service's migrations (registered in its migrations/index.ts) in name order. */
export async function migrateToLatest<DB>(
  database: Database<DB>,
  migrations: Record<string, Migration>,
): Promise<void> {
  const migrator = new Migrator({
    db: database.db as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: database.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed in schema ${database.schema}`, { cause: error });
  }
}

/** Drops a schema with everything in it; tests use it to leave PostgreSQL as they found it. */
export async function dropSchema<DB>(database: Database<DB>): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(database.schema)} CASCADE`.execute(database.db as Kysely<unknown>);
}
