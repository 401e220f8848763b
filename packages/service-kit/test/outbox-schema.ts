import { dropSchema, openDatabase, type Database } from '../src/db.ts';
import { addOutboxTraceColumn, createOutboxTable, type OutboxDb } from '../src/outbox.ts';
import { harnessForSuite, uniqueName, type InfraMode } from '../src/testing.ts';

/**
 * A suite's own schema with the outbox table as the services' migrations leave it (and whatever
 * `more` adds), opened before the suite's tests and dropped after them; tests read it as `.h`.
 */
export function outboxSchemaForSuite(
  mode: InfraMode,
  name: string,
  more: (db: Database<OutboxDb>['db']) => Promise<void> = async () => {},
): { readonly h: Database<OutboxDb> } {
  return harnessForSuite(async () => {
    const database = await openDatabase<OutboxDb>({
      databaseUrl: mode.databaseUrl,
      dataDir: '',
      schema: uniqueName(name),
      inMemory: true,
    });
    await createOutboxTable(database.db);
    await addOutboxTraceColumn(database.db);
    await more(database.db);
    const close = database.close.bind(database);
    return Object.assign(database, {
      close: async () => {
        await dropSchema(database);
        await close();
      },
    });
  });
}
