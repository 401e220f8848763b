import { useEffect } from 'react';

import type { SystemHealth } from '@honne/contracts/safety';
import { Button } from '@honne/ui';

import { call, safetyEndpoints } from '../api.ts';
import { formatAge, formatAt, formatSeconds } from '../format.ts';
import { Empty, LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';
import { Table } from '../table.tsx';

const t = strings.system;
/** As often as Prometheus evaluates the rules in the stack (infra/prometheus). */
const REFRESH_MS = 30_000;

function sloValue(s: SystemHealth['slos'][number]): string {
  if (s.value === null) return t.noData;
  if (s.unit === 'boolean') return s.value >= 1 ? t.balanced : t.unbalanced;
  // Hours-long objectives read in minutes and hours; the fast paths in milliseconds.
  if (s.objective >= 60) return formatSeconds(s.value);
  return s.value < 1 ? `${Math.round(s.value * 1000)} ms` : `${s.value.toFixed(1)} 秒`;
}

function Verdict({ ok }: { ok: boolean | null }) {
  if (ok === null) return <span className="cn-tag">{t.noData}</span>;
  return ok ? (
    <span className="cn-tag cn-tag--ok">{t.ok}</span>
  ) : (
    <span className="cn-tag cn-tag--hot">{t.breached}</span>
  );
}

/** The SLOs users feel, the alerts, and each instance's health, as Prometheus sees them (issue 29). */
export function System() {
  const [health, reload] = useLoad((signal) => call(safetyEndpoints.system, { signal }), 'system');
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return (
    <>
      <h1>{t.heading}</h1>
      <LoadState state={health} reload={reload}>
        {(h) =>
          h.source === 'none' ? (
            <Empty>{t.notConfigured}</Empty>
          ) : (
            <div data-testid="system">
              <p className="hn-text-muted">
                {t.checkedAt(formatAt(h.checked_at))}{' '}
                <Button variant="text" onClick={reload}>
                  {t.refresh}
                </Button>
              </p>
              {h.error ? (
                <p className="cn-error" role="alert">
                  {t.unreadable(h.error)}
                </p>
              ) : null}
              <h2>{t.slos}</h2>
              <Table
                rows={h.slos}
                testId="slos"
                columns={[t.slo, t.now, t.objective, t.state]}
                row={(s) => (
                  <tr key={s.id}>
                    <td>{t.sloNames[s.id as keyof typeof t.sloNames] ?? s.id}</td>
                    <td className="cn-num">{sloValue(s)}</td>
                    <td>{t.objectives[s.id as keyof typeof t.objectives] ?? String(s.objective)}</td>
                    <td>
                      <Verdict ok={s.ok} />
                    </td>
                  </tr>
                )}
              />
              <h2>{t.alerts}</h2>
              {
                <Table
                  rows={h.alerts}
                  empty={t.noAlerts}
                  testId="alerts"
                  columns={[t.alert, t.state, t.summary, t.since]}
                  row={(a, i) => (
                    <tr key={`${a.name}-${i}`}>
                      <td>{a.name}</td>
                      <td>
                        <span className={a.state === 'firing' ? 'cn-tag cn-tag--hot' : 'cn-tag'}>
                          {a.state === 'firing' ? t.firing : t.pending}
                        </span>
                      </td>
                      <td>{a.summary ?? '—'}</td>
                      <td className="cn-num">{a.since ? formatAge(a.since) : '—'}</td>
                    </tr>
                  )}
                />
              }
              <h2>{t.instances}</h2>
              {
                <Table
                  rows={h.instances}
                  empty={t.noInstances}
                  testId="instances"
                  columns={[t.job, t.instance, t.state, t.lastScrape]}
                  row={(i) => (
                    <tr key={`${i.job}-${i.instance}`}>
                      <td>{i.job}</td>
                      <td className="cn-num">{i.instance}</td>
                      <td>
                        {i.up ? (
                          <span className="cn-tag cn-tag--ok">{t.up}</span>
                        ) : (
                          <span className="cn-tag cn-tag--hot" title={i.error ?? undefined}>
                            {t.down}
                          </span>
                        )}
                      </td>
                      <td className="cn-num">{formatAt(i.last_scrape)}</td>
                    </tr>
                  )}
                />
              }
            </div>
          )
        }
      </LoadState>
    </>
  );
}
