import type { ReactNode } from 'react';

import type { ModerationEvent, Report, ReportSource, ReportState } from '@honne/contracts/safety';

import { formatAt, shortId } from '../format.ts';
import { sourceLabels, stateLabels, strings } from '../strings.ts';
import { Table } from '../table.tsx';

/** A subject's (or a person's) events, oldest first: the whole history the status is derived from. */
export function History({ events }: { events: ModerationEvent[] }) {
  const c = strings.table;
  return (
    <Table
      rows={events}
      empty={strings.subject.noHistory}
      testId="history"
      columns={[c.at, c.action, c.reason, c.expires, c.actor]}
      row={(e) => (
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
      )}
    />
  );
}

/** Reports in a table; `extra` renders per-row tools (the evidence button). */
export function ReportTable({
  reports,
  extra,
  testId = 'reports',
}: {
  reports: Report[];
  extra?: (r: Report) => ReactNode;
  testId?: string;
}) {
  const c = strings.table;
  return (
    <Table
      rows={reports}
      empty={strings.subject.noReports}
      testId={testId}
      columns={[c.at, c.source, strings.queue.content, c.state]}
      row={(r) => (
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
      )}
    />
  );
}
