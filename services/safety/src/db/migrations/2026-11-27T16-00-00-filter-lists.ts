import { DEFAULT_LIST } from '@honne/text-filter';
import { sql, type Kysely } from 'kysely';

/**
 * The filter's lists (issue 28, ADR 0028), kept here and sent to every instance that filters text.
 * `filter_version` is one row: raised by every change, so an instance notices a change it missed.
 * The shipped default list is the first content, for operators to edit like any other entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('filter_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('theme', 'text')
    .addColumn('whole_word', 'boolean')
    .addColumn('note', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('filter_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO filter_version (id, version) VALUES (1, 1)`.execute(db);
  const now = new Date();
  for (const e of DEFAULT_LIST) {
    await sql`INSERT INTO filter_entries (id, kind, pattern, action, theme, whole_word, note, created_by, created_at, updated_by, updated_at)
      VALUES (gen_random_uuid(), ${e.kind}, ${e.pattern}, ${e.kind === 'allow' ? null : (e.action ?? 'refuse')},
        ${e.theme ?? null}, ${e.wholeWord ?? null}, ${'shipped default'}, ${'system'}, ${now}, ${'system'}, ${now})`.execute(
      db,
    );
  }
}
