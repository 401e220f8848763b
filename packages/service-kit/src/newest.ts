import type { Insertable, Kysely } from 'kysely';

/**
 * Writes `row` into a read model unless the stored row is newer: every copy a service keeps of
 * another's data (cards, settings, friendships, presence, blocks) is fed by events that may arrive
 * late or twice, and an older event must never overwrite a newer state. `update` is what changes on
 * a conflict (the whole row by default).
 */
export async function upsertNewest<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  keys: readonly (keyof DB[T] & string)[],
  row: Insertable<DB[T]> & { updated_at: Date },
  update: Partial<Insertable<DB[T]>> = row,
): Promise<void> {
  // Kysely cannot follow a table chosen by a type parameter; the signature above keeps callers typed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const loose = db as unknown as Kysely<any>;
  const name: string = table;
  await loose
    .insertInto(name)
    .values(row)
    .onConflict((oc) =>
      oc
        .columns([...keys])
        .doUpdateSet(update as Record<string, unknown>)
        .where(`${name}.updated_at`, '<=', row.updated_at),
    )
    .execute();
}
