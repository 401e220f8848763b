/**
 * `pnpm new-migration <service> <name>`: writes services/<service>/src/db/migrations/<now>-<name>.ts,
 * named from the current UTC time so migrations sort in the order they were written, and registers
 * it last in that folder's index.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [service, name] = process.argv.slice(2);
if (!service || !name || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
  console.error('usage: pnpm new-migration <service> <kebab-case-name>');
  process.exit(1);
}
const dir = path.resolve(import.meta.dirname, '..', 'services', service, 'src', 'db', 'migrations');
const index = path.join(dir, 'index.ts');
if (!existsSync(index)) {
  console.error(`no migrations index at ${index}`);
  process.exit(1);
}

// 2026-11-23T22-41-07: ISO time with the colons a file name cannot hold, seconds kept.
const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
const key = `${stamp}-${name}`;
const file = path.join(dir, `${key}.ts`);
const indexSource = readFileSync(index, 'utf8');
const registered = indexSource.slice(indexSource.indexOf('  migrations: {'), indexSource.indexOf('\n  },'));
const later = [...registered.matchAll(/'(\d{4}-\d\d-\d\dT[\d-]{8})-[a-z0-9-]+'/g)]
  .map((m) => m[1] ?? '')
  .filter((t) => t >= stamp);
if (later.length > 0) {
  // Migrations run in name order: one dated after now would run after this one everywhere.
  console.error(`a migration is dated ${later[0]}, not before now (${stamp}): fix its date first`);
  process.exit(1);
}
writeFileSync(
  file,
  `import type { Kysely } from 'kysely';

// Kysely<unknown>: a migration imports nothing of the app's and sees the tables as they are when it
// runs (type seeded rows with db.withTables<…>()).
export async function up(db: Kysely<unknown>): Promise<void> {
  // e.g. await db.schema.alterTable('rooms').addColumn('note', 'text').execute();
  void db;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
`,
);

const ident = name.replace(/-([a-z0-9])/g, (_m: string, c: string) => c.toUpperCase());
let source = indexSource;
const lastImport = source.lastIndexOf('\nimport * as ');
const importEnd = source.indexOf('\n', lastImport + 1);
source = `${source.slice(0, importEnd + 1)}import * as ${ident} from './${key}.ts';\n${source.slice(importEnd + 1)}`;
const entries = source.indexOf('  migrations: {');
const close = source.indexOf('\n  },', entries);
source = `${source.slice(0, close)}\n    '${key}': ${ident},${source.slice(close)}`;
writeFileSync(index, source);
console.log(`wrote ${path.relative(process.cwd(), file)} and registered it in ${path.relative(process.cwd(), index)}`);
