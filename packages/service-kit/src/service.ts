import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';

import { createServiceApp } from './app.ts';
import type { Subscription } from './bus.ts';
import type { BaseConfig } from './config.ts';
import { openBaseContext, type BaseContext, type BaseOverrides } from './context.ts';
import { LiveFilterLists } from './filter-lists.ts';
import { migrateToLatest, openDatabase, pendingMigrations, type Database } from './db.ts';
import type { PeriodicJob } from './jobs.ts';
import { createLogger } from './logger.ts';
import type { EmbeddedPostgres } from './pglite.ts';
import { processedEvents, type ProcessedEvents } from './processed.ts';
import { listenAndHandleSignals } from './server.ts';

/** What every service's AppContext holds: the base parts, its config, its database. */
export interface ServiceContext<C extends BaseConfig, DB> extends BaseContext {
  config: C;
  db: Kysely<DB>;
  /** The filter's lists as operators keep them (services that store user text: `filtersText`). */
  filterLists?: LiveFilterLists;
  close(): Promise<void>;
}

export interface ServiceOverrides extends BaseOverrides {
  /** Tests keep PGlite in memory and give each suite its own PostgreSQL schema. */
  inMemoryDb?: boolean;
  schema?: string;
  /** Without DATABASE_URL: the service's schema in this shared PGlite (the embedded start). */
  embeddedDb?: EmbeddedPostgres;
  /**
   * Apply pending migrations before starting: on for `createService` (the embedded start, tests,
   * benches). A deployed instance (`main.ts`) leaves it to the `migrate` step, so instances
   * started together do not race, and refuses to start on a schema that is behind.
   */
  migrate?: boolean;
}

/** A service's migrations as its db/migrations/index.ts registers them. */
export interface MigrationSet {
  migrations: Record<string, Migration>;
  /** Names a migration was once recorded under → its name now (see `migrateToLatest`). */
  renamed?: Record<string, string>;
}

/** A service's route registrations (one per resource file), in the order they are registered. */
export type ServiceRoutes<Ctx> = ((app: FastifyInstance, ctx: Ctx) => void)[];

/** The parts a service adds to its context beyond config and db, with what closes them. */
export type OwnParts<Own> = Own & { closeOwn?(): Promise<void> };

export interface ServiceSpec<C extends BaseConfig, DB, Ctx extends ServiceContext<C, DB>, O extends ServiceOverrides> {
  /** The service's name: its database schema and its bus queue group. */
  name: string;
  loadConfig(env: NodeJS.ProcessEnv): C;
  migrations: MigrationSet;
  /** A cheap query that proves the database answers (for /health). */
  health(db: Kysely<DB>): Promise<unknown>;
  /** Builds the service's own parts of the context (mailer, LiveKit, reference data...). */
  own?(parts: ServiceContext<C, DB>, overrides: O): Promise<OwnParts<Omit<Ctx, keyof ServiceContext<C, DB>>>>;
  routes: ServiceRoutes<Ctx>;
  /** Bus subscribers and responders (their queue group: `serviceQueue(ctx)`). */
  subscribers?(ctx: Ctx): Subscription[];
  /** It stores what people write: it holds the filter's lists and follows their changes (ADR 0028). */
  filtersText?: boolean;
  /** Periodic jobs and other work started once the app is ready; stopped first on close. */
  start?(ctx: Ctx, overrides: O): Promise<PeriodicJob[]> | PeriodicJob[];
}

export interface RunningService<Ctx> {
  app: FastifyInstance;
  ctx: Ctx;
  close(): Promise<void>;
}

export interface Service<C extends BaseConfig, Ctx, O extends ServiceOverrides> {
  name: string;
  loadConfig(env?: NodeJS.ProcessEnv): C;
  /** The context alone (database, bus, cache, own parts): for CLIs that act without serving. */
  createContext(config: C, overrides?: O): Promise<Ctx>;
  /** Builds the context, subscribes to the bus, prepares the app and starts the jobs; `listen` is the caller's. */
  createService(config: C, overrides?: O): Promise<RunningService<Ctx>>;
  /** The explicit migration step (`pnpm migrate`): applies pending migrations and closes. */
  migrate(config: C): Promise<string[]>;
  /**
   * `main.ts`: config → service → listen; SIGTERM closes cleanly. On PostgreSQL it migrates only
   * with `--migrate` (one instance, or the migrate step did it); on PGlite always.
   */
  main(argv?: string[]): Promise<void>;
}

/** One service, defined by what is its own; start-up, migration and shutdown are the kit's. */
export function defineService<
  C extends BaseConfig,
  DB,
  Ctx extends ServiceContext<C, DB> = ServiceContext<C, DB>,
  O extends ServiceOverrides = ServiceOverrides,
>(spec: ServiceSpec<C, DB, Ctx, O>): Service<C, Ctx, O> {
  const open = (config: C, overrides: ServiceOverrides = {}, log?: BaseContext['log']) =>
    openDatabase<DB>({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      schema: overrides.schema ?? spec.name,
      inMemory: overrides.inMemoryDb,
      embedded: overrides.embeddedDb,
      onIdleError: (err) => log?.warn({ err }, 'database connection lost; the pool opens a new one'),
    });

  async function prepare(database: Database<DB>, migrate: boolean): Promise<void> {
    if (migrate) {
      await migrateToLatest(database, spec.migrations.migrations, spec.migrations.renamed);
      return;
    }
    const pending = await pendingMigrations(database, spec.migrations.migrations, spec.migrations.renamed);
    if (pending.length > 0) {
      throw new Error(
        `${spec.name}: the database schema "${database.schema}" is behind (pending: ${pending.join(', ')}); ` +
          `run the migrate step first (pnpm --filter @honne/${spec.name} migrate) or start with --migrate`,
      );
    }
  }

  async function createContext(config: C, overrides = {} as O): Promise<Ctx> {
    const base = await openBaseContext(config, overrides);
    const database = await open(config, overrides, base.log);
    try {
      await prepare(database, overrides.migrate ?? true);
    } catch (err) {
      await database.close();
      await base.closeOwned();
      throw err;
    }
    const parts: ServiceContext<C, DB> = {
      ...base,
      config,
      db: database.db,
      healthChecks: [['db', () => spec.health(database.db)]],
      close: async () => {
        await database.close();
        await base.closeOwned();
      },
    };
    if (!spec.own) return parts as Ctx;
    const { closeOwn, ...own } = await spec.own(parts, overrides);
    return {
      ...parts,
      ...own,
      close: async () => {
        await closeOwn?.();
        await parts.close();
      },
    } as unknown as Ctx;
  }

  async function createService(config: C, overrides = {} as O): Promise<RunningService<Ctx>> {
    const ctx = await createContext(config, overrides);
    if (spec.filtersText) {
      ctx.filterLists = new LiveFilterLists(ctx.bus, ctx.log);
      ctx.filterLists.start();
    }
    const subscriptions = spec.subscribers?.(ctx) ?? [];
    const app = createServiceApp(ctx);
    for (const register of spec.routes) register(app, ctx);
    await app.ready();
    const jobs = (await spec.start?.(ctx, overrides)) ?? [];
    return {
      app,
      ctx,
      close: async () => {
        for (const job of jobs) await job.stop();
        for (const s of subscriptions) s.unsubscribe();
        ctx.filterLists?.stop();
        await app.close();
        await ctx.close();
      },
    };
  }

  return {
    name: spec.name,
    loadConfig: (env = process.env) => spec.loadConfig(env),
    createContext,
    createService,
    migrate: async (config) => {
      const log = createLogger(spec.name, config.logLevel);
      const database = await open(config);
      try {
        const applied = await migrateToLatest(database, spec.migrations.migrations, spec.migrations.renamed);
        log.info({ schema: database.schema, applied }, applied.length ? 'migrations applied' : 'schema up to date');
        return applied;
      } finally {
        await database.close();
      }
    },
    main: async (argv = process.argv.slice(2)) => {
      const config = spec.loadConfig(process.env);
      // PGlite is one process's own database: nothing can race it, so it migrates as it opens.
      const migrate = argv.includes('--migrate') || !config.databaseUrl;
      const service = await createService(config, { migrate } as O);
      await listenAndHandleSignals(service.app, config.host, config.port, service.ctx.log, service.close);
    },
  };
}

/**
 * The queue group of a service's subscribers and responders: one instance of the service gets each.
 * With the service's database, its durable consumers also skip events they already handled
 * (processed.ts; the table comes with each consuming service's migration `createProcessedEventsTable`).
 */
export const serviceQueue = (
  ctx: Pick<BaseContext, 'config'> & { db?: unknown },
): { queue: string; processed?: ProcessedEvents } => ({
  queue: ctx.config.service,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ...(ctx.db ? { processed: processedEvents(ctx.db as Kysely<any>) } : {}),
});
