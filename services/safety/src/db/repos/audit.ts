import type { Kysely } from 'kysely';

import type { SafetyDb } from '../schema/index.ts';

// The audit log is append-only: this file inserts and reads, and nothing anywhere updates or
// deletes it (the table's trigger refuses it too; test/audit.test.ts proves both).

export interface AuditInput {
  actor: string;
  action: string;
  target?: string | null;
  detail?: unknown;
  at: Date;
}

const row = (entry: AuditInput, sourceRef: string | null) => ({
  actor: entry.actor,
  action: entry.action,
  target: entry.target ?? null,
  detail: JSON.stringify(entry.detail ?? {}),
  at: entry.at,
  source_ref: sourceRef,
});

export async function appendAudit(db: Kysely<SafetyDb>, entry: AuditInput): Promise<void> {
  await db.insertInto('audit_log').values(row(entry, null)).execute();
}

/**
 * An entry recorded from another service's durable event, once per `sourceRef` (the event's
 * identity): a redelivery adds nothing. Answers whether it was new.
 */
export async function appendAuditOnce(db: Kysely<SafetyDb>, sourceRef: string, entry: AuditInput): Promise<boolean> {
  const done = await db
    .insertInto('audit_log')
    .values(row(entry, sourceRef))
    .onConflict((oc) => oc.column('source_ref').where('source_ref', 'is not', null).doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const readAudit = (db: Kysely<SafetyDb>, limit: number) =>
  db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
