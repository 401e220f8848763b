import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * One PGlite and the single connection it has. Every kysely on it (one per service in the
 * embedded start) takes turns: a service holds the connection for a statement or a whole
 * transaction, and the search path is switched to its schema when the previous holder was
 * another service. Without one queue for all of them, a statement of one service would land
 * inside another's open transaction (and be rolled back or committed with it).
 */
export class EmbeddedPostgres {
  private busy = false;
  private readonly waiting: (() => void)[] = [];
  private searchPath: string | undefined;
  private readonly created = new Set<string>();

  private constructor(readonly pglite: PGlite) {}

  /**
   * Opens PGlite files in `dir`, or in memory without one. Loaded on demand: PostgreSQL never needs it.
   *
   * New files come from the template the build leaves next to the bundle when there is one
   * (`PGLITE_TEMPLATE`): PGlite's own initdb runs a second PostgreSQL and the initdb program beside
   * the one being opened, which peaked at 775 MB for PGlite alone; loading the template's files
   * peaks at what an ordinary open holds. Without a template (tests, tsx), initdb runs with the
   * small cache from its first statement and 1 MB WAL segments (16 MB ones were held in memory).
   */
  static async open(dir?: string, templateFile = templateNextToBundle()): Promise<EmbeddedPostgres> {
    const fresh = dir !== undefined && !existsSync(path.join(dir, 'PG_VERSION'));
    if (dir) mkdirSync(dir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const template = fresh && existsSync(templateFile) ? new Blob([readFileSync(templateFile)]) : undefined;
    const start = async () => {
      const pglite = new PGlite(dir, {
        startParams: [...PGlite.defaultStartParams, ...SMALL_CACHE],
        initDbStartParams: SMALL_INITDB,
        loadDataDir: template,
      });
      await pglite.waitReady;
      return pglite;
    };
    // Creating the files with initdb leaves ~400 MB more WebAssembly memory behind that a PGlite
    // never gives back (747 → 339 MB measured); a second open on the new files starts small.
    if (fresh && !template) await (await start()).close();
    return new EmbeddedPostgres(await start());
  }

  /** Waits for the connection, then makes `schema` the search path. Pair with `release`. */
  async acquire(schema: string): Promise<void> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy = true;
    if (this.searchPath === schema) return;
    try {
      // Outside any transaction (the previous holder committed or rolled back), so it stays set.
      const create = this.created.has(schema) ? '' : `CREATE SCHEMA IF NOT EXISTS ${quote(schema)}; `;
      await this.pglite.exec(`${create}SET search_path TO ${quote(schema)};`);
      this.created.add(schema);
      this.searchPath = schema;
    } catch (err) {
      this.release();
      throw err;
    }
  }

  /** Hands the connection to the next in line (first come, first served). */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  /** Drops `schema` and all in it, and forgets it was made (a later service of that name gets it anew). */
  async dropSchema(schema: string): Promise<void> {
    await this.acquire(schema);
    try {
      await this.pglite.exec(`SET search_path TO public; DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE;`);
    } finally {
      this.created.delete(schema);
      this.searchPath = undefined;
      this.release();
    }
  }

  close(): Promise<void> {
    return this.pglite.close();
  }
}

/**
 * PostgreSQL's own defaults (128 MB of shared buffers) held ~300 MB resident per PGlite, a third
 * of it cache an embedded honne never fills; 16 MB measured 183 MB (session 8, bench/README.md).
 */
const SMALL_CACHE = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];
/** initdb's own arguments: the same cache while it bootstraps (written to postgresql.conf too), small WAL files. */
export const SMALL_INITDB = [...SMALL_CACHE, '--wal-segsize=1'];

/**
 * A fresh data directory as a gzipped tar (PGlite's `dumpDataDir`), made by scripts/build-server.mjs
 * (`--pglite-template`) with this PGlite and `SMALL_INITDB`, next to the bundle that opens it.
 */
export const PGLITE_TEMPLATE = 'pglite-template.tar.gz';

/** Writes the template to `file` (called by the build, in a process of its own: initdb's peak stays there). */
export async function writePgliteTemplate(file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...SMALL_CACHE],
    initDbStartParams: SMALL_INITDB,
  });
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}

function templateNextToBundle(): string {
  // Built from a variable, not a literal: the build's check for files read next to the bundle must
  // not demand it (only the embedded start's build makes one; without it initdb runs).
  return fileURLToPath(new URL(`./${PGLITE_TEMPLATE}`, import.meta.url));
}

const quote = (schema: string) => `"${schema}"`;

/**
 * A kysely dialect for one schema of an `EmbeddedPostgres`. `owned`: closing the kysely closes
 * the PGlite too (a service alone); otherwise whoever opened it closes it (the embedded start).
 */
export function embeddedDialect(embedded: EmbeddedPostgres, schema: string, owned: boolean): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new EmbeddedDriver(embedded, schema, owned),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  };
}

class EmbeddedDriver implements Driver {
  private readonly connection: DatabaseConnection;

  constructor(
    private readonly embedded: EmbeddedPostgres,
    private readonly schema: string,
    private readonly owned: boolean,
  ) {
    this.connection = new EmbeddedConnection(embedded.pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.embedded.acquire(this.schema);
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    this.embedded.release();
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`start transaction${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (this.owned) await this.embedded.close();
  }
}

class EmbeddedConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return result.affectedRows
      ? { numAffectedRows: BigInt(result.affectedRows), rows: result.rows }
      : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}
