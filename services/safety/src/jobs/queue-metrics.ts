import { REPORT_SOURCES } from '@honne/contracts/safety';
import { every, productGauge, type PeriodicJob } from '@honne/service-kit';

import type { AppContext } from '../context.ts';
import { queueFigures } from '../db/repos/stats.ts';
import { statsWindows } from '../moderation/stats-window.ts';

// The queue as operators alert on it (issue 29: reports waiting and their age; the SLO "reports first
// acted on within 2 h p95"), per queue (report source, a fixed list): the console's figures, as gauges.

const waiting = productGauge('honne_safety_reports_waiting', 'Reports not closed, per queue', ['queue']);
const oldest = productGauge('honne_safety_oldest_waiting_seconds', 'Age of the oldest report waiting, per queue', [
  'queue',
]);
const firstActionP95 = productGauge(
  'honne_safety_first_action_p95_seconds',
  'p95 of filing to first moderation event, reports of the last 30 days, per queue',
  ['queue'],
);

export async function exportQueueMetrics(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const figures = new Map((await queueFigures(ctx.db, statsWindows(now))).map((f) => [f.source, f]));
  for (const queue of REPORT_SOURCES) {
    const f = figures.get(queue);
    waiting.set({ queue }, f?.pending ?? 0);
    oldest.set({ queue }, f?.oldest_waiting_at ? Math.max(0, now.getTime() - f.oldest_waiting_at.getTime()) / 1000 : 0);
    firstActionP95.set({ queue }, f?.first_action_p95_s ?? 0);
  }
}

export function startQueueMetrics(ctx: AppContext): PeriodicJob {
  void exportQueueMetrics(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'queue metrics failed'));
  return every(30_000, 'queue-metrics', ctx.log, () => exportQueueMetrics(ctx));
}
