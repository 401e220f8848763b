import { readdirSync, readFileSync } from 'node:fs';

import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { ADMIN, startHarness } from './harness.ts';

const REPOS = new URL('../src/db/repos/', import.meta.url);

describe('append-only tables in the code', () => {
  it('has no update or delete of the audit log or moderation events anywhere in the repos', () => {
    for (const file of readdirSync(REPOS)) {
      const text = readFileSync(new URL(file, REPOS), 'utf8');
      for (const table of ['audit_log', 'moderation_events']) {
        expect(text, file).not.toMatch(new RegExp(`(updateTable|deleteFrom)\\(\\s*'${table}`));
      }
    }
  });
});

describe.each(infraModes())('append-only tables in the database ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));

  it('refuses UPDATE, DELETE and TRUNCATE of the audit log and the moderation events', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    // An action writes both: a moderation event and its audit entry.
    const u = await h.user();
    const res = await h.asUser('POST', '/safety/contact', u.userId, { content: '問い合わせ' });
    const report = (await h.ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', res.json().data.id)
      .executeTakeFirst())!;
    expect(
      (
        await h.console('POST', `/admin/safety/subjects/${report.subject_id}/actions/acknowledge`, admin, {
          reason: '確認',
        })
      ).statusCode,
    ).toBe(200);
    const db = h.ctx.db;
    expect(
      Number(
        (
          await db
            .selectFrom('moderation_events')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    for (const table of ['audit_log', 'moderation_events']) {
      const t = sql.table(table);
      await expect(sql`update ${t} set actor = 'someone else'`.execute(db), table).rejects.toThrow(/append-only/);
      await expect(sql`delete from ${t}`.execute(db), table).rejects.toThrow(/append-only/);
      // CASCADE, so a foreign key in the way is not what stops it.
      await expect(sql`truncate ${t} cascade`.execute(db), table).rejects.toThrow(/append-only/);
    }
    const audit = (await h.console('GET', '/admin/safety/audit', admin)).json().data as { action: string }[];
    expect(audit.map((a) => a.action)).toContain('action.acknowledge');
  });
});
