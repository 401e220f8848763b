import type { Kysely } from 'kysely';

import type { AccountsDb } from '../schema/index.ts';

export interface Reference {
  areas: { id: number; name: string }[];
  ages: { id: number; name: string }[];
  areaName(id: number | null): string | undefined;
  ageName(id: number | null): string | undefined;
}

/** Areas and age bands are seeded by migration and never change while running: read once. */
export async function loadReference(db: Kysely<AccountsDb>): Promise<Reference> {
  const areas = await db.selectFrom('areas').select(['id', 'name']).orderBy('id').execute();
  const ages = await db.selectFrom('ages').select(['id', 'name']).orderBy('id').execute();
  const areaById = new Map(areas.map((a) => [a.id, a.name]));
  const ageById = new Map(ages.map((a) => [a.id, a.name]));
  return {
    areas,
    ages,
    areaName: (id) => (id == null ? undefined : areaById.get(id)),
    ageName: (id) => (id == null ? undefined : ageById.get(id)),
  };
}
