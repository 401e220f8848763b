import { randomUUID } from 'node:crypto';

import { events } from '@honne/contracts/events';
import type { PersonView, QueueStats, Report } from '@honne/contracts/safety';
import { metricsText } from '@honne/service-kit';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { exportQueueMetrics } from '../src/jobs/queue-metrics.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';

const HOUR = 3_600_000;

/** A user report about `reported`, queued. */
async function fileUserReport(h: Harness, reporter: string, reported: string, content: string) {
  const id = randomUUID();
  await h.publish(
    events.userReported,
    { report_id: id, reporter_id: reporter, reported_id: reported, content, at: h.clock.now().toISOString() },
    async () => (await h.reportBySource(`user:${id}`))?.state === 'queued',
  );
  return (await h.reportBySource(`user:${id}`))!;
}

describe.each(infraModes())('the console’s statistics and person view ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));

  it('counts pending, inbound in 24 h, the oldest waiting, p50/p95 to first action and 24 h breaches per queue', async () => {
    const { h } = suite;
    const triage = await h.operator(await h.signIn(ADMIN), 'triage');
    const empty = (await h.console('GET', '/admin/safety/stats', triage.token)).json().data as QueueStats;
    expect(empty).toMatchObject({ pending: 0, inbound_24h: 0, oldest_waiting_at: null, queues: [], breaching: [] });

    const reporter = await h.user();
    const target = await h.user();
    // Filed 30 hours ago and never acted on: breaches the day.
    const old = await fileUserReport(h, reporter.userId, target.userId, 'old');
    const oldFiledAt = h.clock.now().toISOString();
    h.clock.advance(6 * HOUR);
    // Filed 24 h ago, acted on after 1 h; then one acted on after 3 h.
    const first = await fileUserReport(h, reporter.userId, target.userId, 'first');
    h.clock.advance(HOUR);
    await h.console('POST', `/admin/safety/subjects/${first.subject_id}/actions/acknowledge`, await h.signIn(ADMIN), {
      reason: '確認済み',
      report_id: first.id,
    });
    h.clock.advance(HOUR);
    const second = await fileUserReport(h, reporter.userId, target.userId, 'second');
    h.clock.advance(3 * HOUR);
    await h.console('POST', `/admin/safety/subjects/${second.subject_id}/actions/dismiss`, await h.signIn(ADMIN), {
      reason: '問題なし',
      report_id: second.id,
    });
    h.clock.advance(19 * HOUR);
    // A fresh one, still waiting.
    await fileUserReport(h, reporter.userId, target.userId, 'fresh');

    // The sessions of the morning have expired by now.
    const statsRes = await h.console('GET', '/admin/safety/stats', await h.signIn(ADMIN));
    expect(statsRes.statusCode, statsRes.body).toBe(200);
    const stats = statsRes.json().data as QueueStats;
    expect(stats.pending).toBe(2);
    expect(stats.inbound_24h).toBe(2); // 'second' (23 h ago) and 'fresh'
    expect(stats.oldest_waiting_at).toBe(oldFiledAt);
    expect(stats.queues).toHaveLength(1);
    const users = stats.queues[0]!;
    expect(users).toMatchObject({ source: 'user', pending: 2, inbound_24h: 2, breaching: 1 });
    // Two acted-on reports, 1 h and 3 h: the median between them, p95 near the slower.
    expect(users.first_action_p50_s).toBeCloseTo(2 * 3600, 0);
    expect(users.first_action_p95_s).toBeCloseTo(3600 + 0.95 * 2 * 3600, 0);
    expect(stats.breaching.map((r) => r.id)).toEqual([old.id]);

    // The same figures as the gauges the SLO alert reads (issue 29), per queue.
    await exportQueueMetrics(h.ctx);
    const metrics = await metricsText();
    expect(metrics).toMatch(/^honne_safety_reports_waiting\{queue="user"\} 2$/m);
    expect(metrics).toMatch(/^honne_safety_reports_waiting\{queue="voice"\} 0$/m);
    expect(metrics).toMatch(/^honne_safety_oldest_waiting_seconds\{queue="user"\} 108000$/m); // 30 h
    expect(metrics).toMatch(/^honne_safety_first_action_p95_seconds\{queue="user"\} 10440$/m);
  });

  it('filters the queue by subject type and shows a person across their characters', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const reporter = await h.user();
    const parent = await h.user();
    const second = await h.user({ personId: parent.personId });
    const report = await fileUserReport(h, reporter.userId, second.userId, 'サブキャラへの通報');

    const characters = (await h.console('GET', '/admin/safety/queue?kind=character&limit=200', admin)).json()
      .data as Report[];
    expect(characters.map((r) => r.id)).toContain(report.id);
    const tickets = (await h.console('GET', '/admin/safety/queue?kind=ticket', admin)).json().data as Report[];
    expect(tickets.map((r) => r.id)).not.toContain(report.id);

    await h.console('POST', `/admin/safety/subjects/${report.subject_id}/actions/warn`, admin, {
      reason: '不適切な発言',
      report_id: report.id,
    });
    // Found by any subject of theirs: here the reported character's.
    const res = await h.console('GET', `/admin/safety/people/${report.subject_id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const person = res.json().data as PersonView;
    expect(person.characters.map((c) => c.user_id).sort()).toEqual([parent.userId, second.userId].sort());
    expect(person.characters.find((c) => c.user_id === second.userId)!.subject_id).toBe(report.subject_id);
    expect(person.reports.map((r) => r.id)).toEqual([report.id]);
    expect(person.events.map((e) => e.action)).toEqual(['warn']);
    expect(person.status.warnings).toBe(1);
    expect(person.person_id).toBe(parent.personId);
    expect((await h.console('GET', `/admin/safety/people/${randomUUID()}`, admin)).statusCode).toBe(404);
  });
});
