import { useState } from 'react';
import { Link } from 'wouter';

import { actionEndpoints, type Report } from '@honne/contracts/safety';
import { Button, usePopup } from '@honne/ui';

import { call, errorText, safetyEndpoints } from '../api.ts';
import { formatAge, formatAt } from '../format.ts';
import { Empty, LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';
import { subjectHref } from './Queue.tsx';

const t = strings.appeals;

/**
 * The appeal inbox: appeals waiting, oldest first among equals. Approving lifts the person's
 * restriction (a `lift` event answering the appeal); rejecting dismisses the appeal; both close it.
 */
export function Appeals() {
  const [appeals, reload] = useLoad(
    (signal) => call(safetyEndpoints.queue, { query: { source: 'appeal', limit: 200 }, signal }),
    'appeals',
  );
  const [done, setDone] = useState<string | undefined>();
  const popup = usePopup();

  const decide = async (r: Report, approve: boolean) => {
    const ok = await popup.confirm({
      title: approve ? t.approveTitle : t.rejectTitle,
      message: approve ? t.approveMessage : t.rejectMessage,
      confirmLabel: approve ? t.approve : t.reject,
      cancelLabel: strings.action.cancel,
    });
    if (!ok) return;
    try {
      await call(actionEndpoints[approve ? 'lift' : 'dismiss'], {
        params: { id: r.subject_id },
        body: { reason: approve ? t.approveReason : t.rejectReason, report_id: r.id },
      });
      setDone(approve ? t.approved : t.rejected);
      reload();
    } catch (e) {
      void popup.alert(errorText(e));
    }
  };

  return (
    <>
      <h1>{t.heading}</h1>
      {done ? (
        <p className="cn-notice" role="status">
          {done}
        </p>
      ) : null}
      <LoadState state={appeals} reload={reload}>
        {(rows) =>
          rows.length === 0 ? (
            <Empty>{t.empty}</Empty>
          ) : (
            <table className="cn-table" data-testid="appeals">
              <thead>
                <tr>
                  <th scope="col">{strings.queue.age}</th>
                  <th scope="col">{strings.queue.content}</th>
                  <th scope="col">{strings.queue.subject}</th>
                  <th scope="col" aria-label={strings.action.heading} />
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-report-id={r.id}>
                    <td className="cn-num" title={formatAt(r.created_at)}>
                      {formatAge(r.created_at)}
                    </td>
                    <td style={{ whiteSpace: 'pre-wrap' }}>{r.content}</td>
                    <td>
                      <Link href={subjectHref(r)}>{strings.subject.history}</Link>
                      {r.person_id ? (
                        <>
                          <br />
                          <Link href={`/people/${r.subject_id}`}>{strings.person.heading}</Link>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <div className="cn-row">
                        <Button onClick={() => void decide(r, true)}>{t.approve}</Button>
                        <Button variant="secondary" onClick={() => void decide(r, false)}>
                          {t.reject}
                        </Button>
                      </div>
                    </td>
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
