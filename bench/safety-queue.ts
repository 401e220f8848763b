// The console's queue page (issue 27): GET /admin/safety/queue with 100,000 reports and 1,000,000
// moderation events on real PostgreSQL, at a steady rate (open loop), with the plan of its query.
// The floor in the same run: the service's /health (the same HTTP hop and a database round trip,
// none of the queue's query). Needs DATABASE_URL (without it the figures would be PGlite's).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createService, loadConfig, totpCode } from '@honne/safety';
import { sql } from 'kysely';

import { paced } from './lib/http-load.ts';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** Reports still waiting (not closed): a backlog of a tenth. */
const WAITING_SHARE = Number(process.env.BENCH_WAITING_SHARE ?? 0.1);
// A team of operators opening and refreshing the page; BENCH_RATE raises it.
const RATE = Number(process.env.BENCH_RATE ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set: the queue bench measures PostgreSQL');
  process.exit(2);
}

const admin = { email: 'bench@example.jp', password: 'a long bench password', totp: 'JBSWY3DPEHPK3PXPJBSWY3DP' };
const schema = `bench_safety_${process.pid}`;
const config = loadConfig({
  ...process.env,
  SAFETY_PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_TOKEN: randomBytes(24).toString('hex'),
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-safety-')),
  SAFETY_BOOTSTRAP_ADMIN_EMAIL: admin.email,
  SAFETY_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET: admin.totp,
});
const safety = await createService(config, { schema });
const db = safety.ctx.db;
try {
  console.log(
    `safety queue bench: ${REPORTS} reports (${WAITING_SHARE * 100} % waiting), ${EVENTS} events, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const seeded = performance.now();
  // Subjects: one per 5 reports, of every kind; reports spread over 30 days; events on the subjects.
  const subjects = Math.ceil(REPORTS / 5);
  await sql`
    insert into subjects (id, kind, ref_id, person_id, created_at)
    select gen_random_uuid(), (array['character','voice','room','message','call'])[1 + i % 5], gen_random_uuid()::text,
           'person-' || (i % ${Math.ceil(subjects / 3)}), now() - (i % 43200) * interval '1 minute'
    from generate_series(1, ${subjects}) i`.execute(db);
  await sql`
    insert into reports (id, source, source_ref, subject_id, person_id, reporter_id, room_id, content, state, priority,
                         raises_priority, assigned_to, created_at, closed_at)
    with s as (select id, person_id, row_number() over () - 1 as n from subjects)
    select gen_random_uuid(), (array['user','voice','room','call','contact'])[1 + i % 5], 'bench:' || i, s.id, s.person_id,
           gen_random_uuid()::text, null, '通報の内容 ' || i,
           case when random() < ${WAITING_SHARE} then (array['queued','assigned'])[1 + i % 2] else 'closed' end,
           (i % 4) * 10, true, null, now() - (i % 43200) * interval '1 minute', null
    from generate_series(1, ${REPORTS}) i join s on s.n = i % ${subjects}`.execute(db);
  await sql`
    insert into moderation_events (id, subject_id, action, actor, reason, created_at)
    with s as (select id, row_number() over () - 1 as n from subjects)
    select gen_random_uuid(), s.id, (array['acknowledge','escalate','hide_voice','warn','dismiss'])[1 + i % 5],
           'operator:bench', '理由', now() - (i % 43200) * interval '1 minute'
    from generate_series(1, ${EVENTS}) i join s on s.n = i % ${subjects}`.execute(db);
  await sql`analyze`.execute(db);
  const counts = await sql<{ reports: string; waiting: string; events: string }>`
    select (select count(*) from reports) reports, (select count(*) from reports where state <> 'closed') waiting,
           (select count(*) from moderation_events) events`.execute(db);
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s: ${JSON.stringify(counts.rows[0])}`);

  const url = await safety.app.listen({ host: '127.0.0.1', port: 0 });
  const signIn = await fetch(`${url}/admin/safety/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password, totp: totpCode(admin.totp, new Date()) }),
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };

  for (const [label, path] of [
    ['floor: GET /health', '/health'],
    ['queue (default: every waiting report)', '/admin/safety/queue'],
    ['queue filtered (voice reports)', '/admin/safety/queue?source=voice'],
    ['queue filtered (calls, subject kind)', '/admin/safety/queue?kind=call'],
  ] as const) {
    await paced(`${url}${path}`, headers, RATE, 2); // warm-up
    const f = await paced(`${url}${path}`, headers, RATE, DURATION_S);
    console.log(
      `  ${label.padEnd(40)} ${RATE}/s for ${DURATION_S} s: p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  non-2xx ${f.non2xx}  errors ${f.errors}`,
    );
  }
} finally {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await safety.close();
}
process.exit(0);
