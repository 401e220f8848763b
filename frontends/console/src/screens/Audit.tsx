import { call, safetyEndpoints } from '../api.ts';
import { formatAt } from '../format.ts';
import { Empty, LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';

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
        {(rows) =>
          rows.length === 0 ? (
            <Empty>{t.empty}</Empty>
          ) : (
            <table className="cn-table" data-testid="audit">
              <thead>
                <tr>
                  <th scope="col">{t.at}</th>
                  <th scope="col">{t.actor}</th>
                  <th scope="col">{t.action}</th>
                  <th scope="col">{t.target}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (
                  <tr key={a.id}>
                    <td className="cn-num">{formatAt(a.at)}</td>
                    <td>{a.actor}</td>
                    <td>{a.action}</td>
                    <td className="cn-num">{a.target ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadState>
    </>
  );
}
