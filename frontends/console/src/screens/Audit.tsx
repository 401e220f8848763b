import { call, safetyEndpoints } from '../api.ts';
import { formatAt } from '../format.ts';
import { LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';
import { Table } from '../table.tsx';

const t = strings.audit;

/** The audit log, newest first: every action, evidence read, assignment, operator and key change. */
export function Audit() {
  const [entries, reload] = useLoad(
    (signal) => call(safetyEndpoints.audit, { query: { limit: 500 }, signal }),
    'audit',
  );
  return (
    <>
      <h1>{t.heading}</h1>
      <LoadState state={entries} reload={reload}>
        {(rows) => (
          <Table
            rows={rows}
            empty={t.empty}
            testId="audit"
            columns={[t.at, t.actor, t.action, t.target]}
            row={(a) => (
              <tr key={a.id}>
                <td className="cn-num">{formatAt(a.at)}</td>
                <td>{a.actor}</td>
                <td>{a.action}</td>
                <td className="cn-num">{a.target ?? '—'}</td>
              </tr>
            )}
          />
        )}
      </LoadState>
    </>
  );
}
