import type { ReactNode } from 'react';

import type { ModerationEvent, Report, ReportSource, ReportState } from '@honne/contracts/safety';

import { formatAt, shortId } from '../format.ts';
import { Empty } from '../load.tsx';
import { sourceLabels, stateLabels, strings } from '../strings.ts';

/** A subject's (or a person's) events, oldest first: the whole history the status is derived from. */
export function History({ events }: { events: ModerationEvent[] }) {
  if (events.length === 0) return <Empty>{strings.subject.noHistory}</Empty>;
  const c = strings.table;
  return (
    <table className="cn-table" data-testid="history">
      <thead>
        <tr>
          <th scope="col">{c.at}</th>
          <th scope="col">{c.action}</th>
          <th scope="col">{c.reason}</th>
          <th scope="col">{c.expires}</th>
          <th scope="col">{c.actor}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.id}>
            <td className="cn-num">{formatAt(e.created_at)}</td>
            <td>{strings.actions[e.action as keyof typeof strings.actions] ?? e.action}</td>
            <td>
              {e.reason}
              {e.policy ? <small className="hn-text-muted"> ({e.policy})</small> : null}
              {e.note ? (
                <>
                  <br />
                  <small className="hn-text-muted">{e.note}</small>
                </>
              ) : null}
            </td>
            <td className="cn-num">{formatAt(e.expires_at)}</td>
            <td>{e.actor}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Reports in a table; `extra` renders per-row tools (the evidence button). */
export function ReportTable({ reports, extra }: { reports: Report[]; extra?: (r: Report) => ReactNode }) {
  if (reports.length === 0) return <Empty>{strings.subject.noReports}</Empty>;
  const c = strings.table;
  return (
    <table className="cn-table" data-testid="reports">
      <thead>
        <tr>
          <th scope="col">{c.at}</th>
          <th scope="col">{c.source}</th>
          <th scope="col">{strings.queue.content}</th>
          <th scope="col">{c.state}</th>
        </tr>
      </thead>
      <tbody>
        {reports.map((r) => (
          <tr key={r.id} data-report-id={r.id}>
            <td className="cn-num" title={r.id}>
              {formatAt(r.created_at)}
              <br />
              <small className="hn-text-muted">{shortId(r.id)}</small>
            </td>
            <td style={{ whiteSpace: 'nowrap' }}>{sourceLabels[r.source as ReportSource] ?? r.source}</td>
            <td>
              {r.content}
              {extra ? <div style={{ marginTop: 8 }}>{extra(r)}</div> : null}
            </td>
            <td style={{ whiteSpace: 'nowrap' }}>{stateLabels[r.state as ReportState] ?? r.state}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
