import { createServiceMetaTable } from '@honne/service-kit';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createServiceMetaTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_meta').execute();
}
