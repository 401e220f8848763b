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

export async function appendAudit(db: Kysely<SafetyDb>, entry: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      at: entry.at,
    })
    .execute();
}

export const readAudit = (db: Kysely<SafetyDb>, limit: number) =>
  db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
