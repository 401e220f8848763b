import { createObjectKeyDeletions, dropObjectDeletions } from '@honne/service-kit';
import type { Kysely } from 'kysely';

/**
 * Age assurance (ADR 0031): the ID photos people upload for an operator to verify 18+, and the
 * state last published per person, and the policy operators set. The photo lives in `bytes` (embedded) or the object store
 * (`object_key`, S3_URL) only while the review is pending: deciding empties both, and the trigger
 * hands the object to the sweeper in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('age_reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea')
    .addColumn('object_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'text')
    .execute();
  await db.schema.createIndex('age_reviews_person').on('age_reviews').columns(['person_id', 'created_at']).execute();
  await createObjectKeyDeletions(db, 'age_reviews', 'object_key');
  await db.schema
    .createTable('age_states')
    .addColumn('person_id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The policy operators set (one row; none: DEFAULT_AGE_POLICY).
  await db.schema
    .createTable('age_policy')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('contact_pairs', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropObjectDeletions(db, 'age_reviews');
  await db.schema.dropTable('age_reviews').execute();
  await db.schema.dropTable('age_states').execute();
  await db.schema.dropTable('age_policy').execute();
}
