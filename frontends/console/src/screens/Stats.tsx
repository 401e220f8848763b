import { Link } from 'wouter';

import type { ReportSource } from '@honne/contracts/safety';

import { call, safetyEndpoints } from '../api.ts';
import { formatAge, formatAt, formatSeconds } from '../format.ts';
import { Empty, LoadState, useLoad } from '../load.tsx';
import { sourceLabels, strings } from '../strings.ts';
import { Table } from '../table.tsx';
import { ReportTable } from './History.tsx';
import { subjectHref } from './Queue.tsx';

const t = strings.stats;

/** Pending, inbound in 24 h, the oldest waiting; per queue p50/p95 to first action; what breaches 24 h. */
export function Stats() {
  const [stats, reload] = useLoad((signal) => call(safetyEndpoints.stats, { signal }), 'stats');
  return (
    <>
      <h1>{t.heading}</h1>
      <LoadState state={stats} reload={reload}>
        {(s) => (
          <>
            <div className="cn-stats" data-testid="stats">
              <div className="cn-card">
                <div className="hn-text-muted">{t.pending}</div>
                <div className="cn-stat__value">{s.pending}</div>
              </div>
              <div className="cn-card">
                <div className="hn-text-muted">{t.inbound}</div>
                <div className="cn-stat__value">{s.inbound_24h}</div>
              </div>
              <div className="cn-card">
                <div className="hn-text-muted">{t.oldest}</div>
                <div className="cn-stat__value" title={formatAt(s.oldest_waiting_at)}>
                  {s.oldest_waiting_at ? formatAge(s.oldest_waiting_at) : '—'}
                </div>
              </div>
            </div>
            <h2>{t.queue}</h2>
            {
              <Table
                rows={s.queues}
                empty={strings.queue.empty}
                columns={[t.queue, t.pending, t.inbound, t.oldest, t.p50, t.p95, t.breaching]}
                row={(q) => (
                  <tr key={q.source}>
                    <td>{sourceLabels[q.source as ReportSource] ?? q.source}</td>
                    <td className="cn-num">{q.pending}</td>
                    <td className="cn-num">{q.inbound_24h}</td>
                    <td className="cn-num">{q.oldest_waiting_at ? formatAge(q.oldest_waiting_at) : '—'}</td>
                    <td className="cn-num">{formatSeconds(q.first_action_p50_s)}</td>
                    <td className="cn-num">{formatSeconds(q.first_action_p95_s)}</td>
                    <td className={q.breaching > 0 ? 'cn-num cn-late' : 'cn-num'}>{q.breaching}</td>
                  </tr>
                )}
              />
            }
            <h2>{t.breachingList}</h2>
            {s.breaching.length === 0 ? (
              <Empty>{t.noBreach}</Empty>
            ) : (
              <ReportTable
                reports={s.breaching}
                extra={(r) => <Link href={subjectHref(r)}>{strings.queue.open}</Link>}
              />
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
