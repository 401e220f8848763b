import path from 'node:path';

import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Migration,
} from 'kysely';
import pg from 'pg';

import { EmbeddedPostgres, embeddedDialect } from './pglite.ts';
import { inChildSpan, SpanKind, tracingOn } from './tracing.ts';

export interface DbOptions {
  /** PostgreSQL URL; without it the service runs on PGlite files under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Each service owns one schema and never reads another's. */
  schema: string;
  /**
   * PGlite only: keep the data in memory (tests, benches): a schema of its own in the process's one
   * in-memory PGlite, dropped on close. Starting a PGlite costs seconds (a second at best, half a minute
   * on a loaded machine) and a schema milliseconds, so suites share the PGlite, not the tables.
   */
  inMemory?: boolean;
  /**
   * PGlite only: a schema in this PGlite, shared with other services (the embedded start opens
   * one for all of them), instead of a PGlite of the service's own. Its opener closes it.
   */
  embedded?: EmbeddedPostgres;
  poolSize?: number;
  /** Told when the server drops a connection (a restart); the pool reconnects by itself. */
  onIdleError?: (err: Error) => void;
}

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  schema: string;
  close(): Promise<void>;
}

const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

const PREPARED_NAME = '[a-z0-9_]{1,60}';
const PREPARED_NAME_RE = new RegExp(`^${PREPARED_NAME}$`);
const PREPARED_RE = new RegExp(`^/\\* prepared:(${PREPARED_NAME}) \\*/`);

/**
 * Put first in a hot statement whose text never changes (every value a parameter): on PostgreSQL
 * it runs as a named prepared statement, parsed once per connection, and PostgreSQL goes over to
 * one generic plan after five executions when that plan is estimated no dearer than planning each
 * call (a statement of a few joins costs more to plan than to run). Row counts that depend on the
 * values (`unnest` of array parameters) keep it planning every call; a JSON parameter read with
 * `jsonb_to_recordset` does not. Name the result's columns (no `*`): once a migration changes the
 * result's type, PostgreSQL refuses a prepared statement until its connection ends. PGlite reads
 * the mark as a comment. Plain statements stay unnamed: kysely's texts vary (`in` lists of any
 * length), and a connection keeps every statement it was asked to prepare.
 */
export const prepared = (name: string) => {
  if (!PREPARED_NAME_RE.test(name)) throw new Error(`invalid prepared statement name: ${name}`);
  return sql.raw(`/* prepared:${name} */ `);
};

type Query = pg.PoolClient['query'];

/** Runs the texts marked by `prepared` as named statements on this connection. */
function prepareMarked(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' ? PREPARED_RE.exec(text)?.[1] : undefined;
    if (name === undefined || typeof values === 'function') return query(text, values, callback);
    return query({ name, text, values }, callback);
  }) as Query;
}

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
    // A connection the server drops (a restart, a failover) is an 'error' event: on the pool when it
    // was idle, on the client when a query held it. Unhandled, either would end the process; the
    // query in flight fails, and the pool opens a new connection for the next one.
    const dropped = (err: Error) => options.onIdleError?.(err);
    pool.on('connect', (client) => {
      prepareMarked(client);
      client.on('error', dropped);
    });
    pool.on('error', dropped);
    const db = new Kysely<DB>({ dialect: tracedDialect(new PostgresDialect({ pool }), 'postgresql') });
    return { db, kind: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  if (options.inMemory && !options.embedded) {
    const embedded = await inMemoryPglite();
    const db = new Kysely<DB>({ dialect: tracedDialect(embeddedDialect(embedded, options.schema, false), 'pglite') });
    const close = async () => {
      await db.destroy();
      await embedded.dropSchema(options.schema);
    };
    return { db, kind: 'pglite', schema: options.schema, close };
  }
  const owned = !options.embedded;
  const embedded =
    options.embedded ?? (await EmbeddedPostgres.open(path.join(options.dataDir, 'pglite', options.schema)));
  const db = new Kysely<DB>({ dialect: tracedDialect(embeddedDialect(embedded, options.schema, owned), 'pglite') });
  return { db, kind: 'pglite', schema: options.schema, close: () => db.destroy() };
}

let inMemory: Promise<EmbeddedPostgres> | undefined;

/** The process's in-memory PGlite, opened on first use and kept until the process ends. */
function inMemoryPglite(): Promise<EmbeddedPostgres> {
  inMemory ??= EmbeddedPostgres.open().catch((err: unknown) => {
    inMemory = undefined;
    throw err;
  });
  return inMemory;
}

/**
 * Tracing on (tracing.ts): a span per statement inside a trace, named by its verb, with the statement's text (its
 * parameters never: they hold what people wrote). A wrapper rather than pg's instrumentation, which
 * patches `require` and so finds nothing in a bundle; it also covers PGlite.
 */
/** A statement's verb, past leading comments (`/* prepared:… *\/ insert …` is an INSERT). */
export function statementVerb(text: string): string {
  return text
    .replace(/^(\s*(\/\*[\s\S]*?\*\/|--[^\n]*\n))*/, '')
    .trimStart()
    .split(/\s/, 1)[0]!
    .toUpperCase();
}

function tracedDialect(dialect: Dialect, system: string): Dialect {
  if (!tracingOn()) return dialect;
  const traced = (connection: DatabaseConnection): DatabaseConnection =>
    forward(connection, {
      executeQuery: async <R>(query: CompiledQuery) =>
        inChildSpan(
          statementVerb(query.sql),
          SpanKind.CLIENT,
          { 'db.system.name': system, 'db.query.text': query.sql },
          () => connection.executeQuery<R>(query),
        ),
    });
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      return forward(driver, { acquireConnection: async () => traced(await driver.acquireConnection()) });
    },
  };
}

/** `target` with some methods replaced; everything else (symbol-keyed methods too) its own. */
function forward<T extends object>(target: T, own: Partial<T>): T {
  return new Proxy(target, {
    get(t, key) {
      if (key in own) return own[key as keyof T];
      const value = Reflect.get(t, key, t) as unknown;
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

/**
 * Applies the service's migrations (registered in its migrations/index.ts) in name order, and
 * answers the names it applied. Kysely's migrator holds a lock while it runs, so two migrate steps
 * started together apply each migration once. A migration renamed after it ran (one was dated
 * ahead of its time) keeps working: `renamed` maps the name a database recorded to the name now.
 */
export async function migrateToLatest<DB>(
  database: Database<DB>,
  migrations: Record<string, Migration>,
  renamed: Record<string, string> = {},
): Promise<string[]> {
  await renameRecorded(database, renamed);
  const { error, results } = await migratorOf(database, migrations).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed in schema ${database.schema}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** The migrations this database has not run yet, by name (a deployed instance refuses to start then). */
export async function pendingMigrations<DB>(
  database: Database<DB>,
  migrations: Record<string, Migration>,
  renamed: Record<string, string> = {},
): Promise<string[]> {
  const recorded = await recordedNames(database);
  const done = new Set(recorded.map((name) => renamed[name] ?? name));
  return Object.keys(migrations)
    .filter((name) => !done.has(name))
    .sort();
}

function migratorOf<DB>(database: Database<DB>, migrations: Record<string, Migration>): Migrator {
  return new Migrator({
    db: database.db as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: database.schema,
  });
}

/** Names in the schema's migration table; none when it was never migrated. */
async function recordedNames<DB>(database: Database<DB>): Promise<string[]> {
  const db = database.db as Kysely<unknown>;
  const table = `${database.schema}.kysely_migration`;
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return [];
  const names = await sql<{ name: string }>`SELECT name FROM ${sql.table(table)}`.execute(db);
  return names.rows.map((r) => r.name);
}

async function renameRecorded<DB>(database: Database<DB>, renamed: Record<string, string>): Promise<void> {
  const recorded = new Set(await recordedNames(database));
  const table = `${database.schema}.kysely_migration`;
  for (const [from, to] of Object.entries(renamed)) {
    if (!recorded.has(from)) continue;
    await sql`UPDATE ${sql.table(table)} SET name = ${to} WHERE name = ${from}`.execute(database.db as Kysely<unknown>);
  }
}

/** Drops a schema with everything in it; tests use it to leave PostgreSQL as they found it. */
export async function dropSchema<DB>(database: Database<DB>): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(database.schema)} CASCADE`.execute(database.db as Kysely<unknown>);
}
