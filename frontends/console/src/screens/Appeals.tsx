import { Link } from 'wouter';

import { actionEndpoints, type Report } from '@honne/contracts/safety';

import { call, safetyEndpoints } from '../api.ts';
import { formatAge, formatAt } from '../format.ts';
import { useLoad } from '../load.tsx';
import { strings } from '../strings.ts';
import { DecisionButtons, DecisionScreen, Table, useDecision } from '../table.tsx';
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
  const { done, decide } = useDecision<Report>(
    t,
    (r, approve) =>
      call(actionEndpoints[approve ? 'lift' : 'dismiss'], {
        params: { id: r.subject_id },
        body: { reason: approve ? t.approveReason : t.rejectReason, report_id: r.id },
      }),
    reload,
  );

  return (
    <DecisionScreen heading={t.heading} done={done} state={appeals} reload={reload}>
      {(rows) => (
        <Table
          rows={rows}
          empty={t.empty}
          testId="appeals"
          columns={[
            strings.queue.age,
            strings.queue.content,
            strings.queue.subject,
            { label: strings.action.heading, hidden: true },
          ]}
          row={(r) => (
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
                {r.appeal_of?.action === 'hide_voice' ? (
                  // Lifting the person would not show the voice again: restore_voice on the voice does.
                  <>
                    <small className="hn-text-muted">{t.voiceHidden}</small>
                    <br />
                    <Link href={`/subjects/${r.appeal_of.subject_id}?report=${r.id}`}>{t.onVoice}</Link>
                  </>
                ) : (
                  <DecisionButtons t={t} onDecide={(approve) => void decide(r, approve)} />
                )}
              </td>
            </tr>
          )}
        />
      )}
    </DecisionScreen>
  );
}
