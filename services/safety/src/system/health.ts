import type { SystemHealth } from '@honne/contracts/safety';

import type { AppContext } from '../context.ts';
import { SLOS, withinObjective } from '../domain/slos.ts';

/** The console waits no longer than this for Prometheus; the page says it could not be read. */
const PROMETHEUS_TIMEOUT_MS = 3_000;

interface PromAnswer<T> {
  status: 'success' | 'error';
  data: T;
  error?: string;
}
type VectorResult = { resultType: string; result: { value: [number, string] }[] };
type AlertsResult = {
  alerts: { labels: Record<string, string>; annotations: Record<string, string>; state: string; activeAt?: string }[];
};
type TargetsResult = {
  activeTargets: {
    labels: Record<string, string>;
    scrapeUrl: string;
    health: string;
    lastScrape: string;
    lastError: string;
  }[];
};

async function ask<T>(base: string, path: string): Promise<T> {
  const res = await fetch(new URL(path, base), { signal: AbortSignal.timeout(PROMETHEUS_TIMEOUT_MS) });
  const body = (await res.json()) as PromAnswer<T>;
  if (body.status !== 'success') throw new Error(body.error ?? `Prometheus answered ${res.status}`);
  return body.data;
}

/** A query's one value, or null when it has none (no data yet, NaN from no traffic). */
async function scalar(base: string, query: string): Promise<number | null> {
  const data = await ask<VectorResult>(base, `/api/v1/query?query=${encodeURIComponent(query)}`);
  const raw = data.result[0]?.value[1];
  if (raw === undefined) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** A scrape that never happened reads 0001-01-01 in Prometheus's answer. */
const scrapedAt = (at: string) => (at.startsWith('0001-') ? null : new Date(at).toISOString());

/**
 * What the console's system page shows: the SLOs against their objectives, the alerts pending or
 * firing, and every scrape target's health — each from Prometheus's HTTP API, where the compose
 * stack's alert rules already run (infra/prometheus). Grafana's licence keeps it out (ADR 0029).
 */
export async function systemHealth(ctx: AppContext): Promise<SystemHealth> {
  const checkedAt = ctx.clock.now().toISOString();
  const base = ctx.config.prometheusUrl;
  const empty = { checked_at: checkedAt, slos: [], alerts: [], instances: [] };
  if (!base) return { source: 'none', error: null, ...empty };
  try {
    const [values, alerts, targets] = await Promise.all([
      Promise.all(SLOS.map((slo) => scalar(base, slo.query))),
      ask<AlertsResult>(base, '/api/v1/alerts'),
      ask<TargetsResult>(base, '/api/v1/targets?state=active'),
    ]);
    return {
      source: 'prometheus',
      checked_at: checkedAt,
      error: null,
      slos: SLOS.map((slo, i) => ({
        id: slo.id,
        value: values[i]!,
        unit: slo.unit,
        objective: slo.objective,
        ok: withinObjective(slo, values[i]!),
      })),
      alerts: alerts.alerts
        .map((a) => ({
          name: a.labels.alertname ?? '',
          state: a.state,
          severity: a.labels.severity ?? null,
          summary: a.annotations.summary ?? null,
          since: a.activeAt ? new Date(a.activeAt).toISOString() : null,
        }))
        .sort((a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name)),
      instances: targets.activeTargets
        .map((t) => ({
          job: t.labels.job ?? '',
          instance: t.labels.instance ?? t.scrapeUrl,
          up: t.health === 'up',
          last_scrape: scrapedAt(t.lastScrape),
          error: t.lastError || null,
        }))
        .sort((a, b) => a.job.localeCompare(b.job) || a.instance.localeCompare(b.instance)),
    };
  } catch (err) {
    ctx.log.warn({ err }, 'Prometheus could not be read for the system page');
    return { source: 'prometheus', error: err instanceof Error ? err.message : String(err), ...empty };
  }
}
