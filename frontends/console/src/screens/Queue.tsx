import { useState } from 'react';
import { Link } from 'wouter';

import type { Report, ReportSource, ReportState, SubjectKind } from '@honne/contracts/safety';
import { REPORT_SOURCES, REPORT_STATES, SUBJECT_KINDS } from '@honne/contracts/safety';
import { Button, usePopup } from '@honne/ui';

import { call, errorText, safetyEndpoints } from '../api.ts';
import { formatAge, formatAt, isLate, shortId } from '../format.ts';
import { Empty, LoadState, useLoad } from '../load.tsx';
import { kindLabels, sourceLabels, stateLabels, strings } from '../strings.ts';
import { Table } from '../table.tsx';

const t = strings.queue;

/** A report's row label: its subject's kind, and the source when that says more (an appeal, a call). */
export const subjectHref = (r: Pick<Report, 'subject_id' | 'id'>) => `/subjects/${r.subject_id}?report=${r.id}`;

/** Why a report ranks where it does: each part with its points, as「10代が関係 +100・同じ対象への通報 +20」. */
export const rankReasons = (r: Pick<Report, 'priority_reasons'>) =>
  r.priority_reasons.length === 0
    ? t.noPriorityReason
    : r.priority_reasons.map((p) => `${t.priorityReasons[p.reason]} +${p.points}`).join('・');

/** The queue, highest priority first, then oldest: filters by subject type, reason (source) and state. */
export function Queue({ me }: { me: string }) {
  const [kind, setKind] = useState<SubjectKind | ''>('');
  const [source, setSource] = useState<ReportSource | ''>('');
  const [state, setState] = useState<ReportState | ''>('');
  const popup = usePopup();
  const [reports, reload] = useLoad(
    (signal) =>
      call(safetyEndpoints.queue, {
        query: { kind: kind || undefined, source: source || undefined, state: state || undefined, limit: 200 },
        signal,
      }),
    `${kind}|${source}|${state}`,
  );

  const assign = async (r: Report) => {
    try {
      await call(safetyEndpoints.assign, { params: { id: r.id }, body: {} });
      reload();
    } catch (e) {
      void popup.alert(errorText(e));
    }
  };

  return (
    <>
      <h1>{t.heading}</h1>
      <form className="cn-row cn-filters" aria-label={t.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t.kind}
          <select
            className="cn-input"
            aria-label={t.kind}
            value={kind}
            onChange={(e) => setKind(e.target.value as SubjectKind | '')}
          >
            <option value="">{t.all}</option>
            {SUBJECT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.source}
          <select
            className="cn-input"
            aria-label={t.source}
            value={source}
            onChange={(e) => setSource(e.target.value as ReportSource | '')}
          >
            <option value="">{t.all}</option>
            {REPORT_SOURCES.map((s) => (
              <option key={s} value={s}>
                {sourceLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.state}
          <select
            className="cn-input"
            aria-label={t.state}
            value={state}
            onChange={(e) => setState(e.target.value as ReportState | '')}
          >
            <option value="">{t.notClosed}</option>
            {REPORT_STATES.map((s) => (
              <option key={s} value={s}>
                {stateLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <LoadState state={reports} reload={reload}>
        {(rows) =>
          rows.length === 0 ? (
            <Empty>{t.empty}</Empty>
          ) : (
            <>
              <p className="hn-text-muted" aria-live="polite">
                {t.count(rows.length)}
              </p>
              <Table
                rows={rows}
                testId="queue"
                columns={[t.priority, t.age, t.subject, t.content, t.state, t.assignee]}
                row={(r) => (
                  <tr key={r.id} data-report-id={r.id}>
                    <td className="cn-num" data-testid="queue-rank">
                      <span className={r.priority >= 50 ? 'cn-tag cn-tag--hot' : 'cn-tag'}>{r.priority}</span>
                      <br />
                      <small className="hn-text-muted">{rankReasons(r)}</small>
                    </td>
                    <td className="cn-num" title={formatAt(r.created_at)}>
                      <span className={isLate(r.created_at) ? 'cn-late' : undefined}>{formatAge(r.created_at)}</span>
                    </td>
                    <td>
                      <Link href={subjectHref(r)}>
                        {kindLabels[r.subject_kind as SubjectKind] ?? r.subject_kind} {shortId(r.subject_ref)}
                      </Link>
                      <br />
                      <small className="hn-text-muted">{sourceLabels[r.source as ReportSource] ?? r.source}</small>
                    </td>
                    <td>
                      <span className="cn-clip">{r.content}</span>
                    </td>
                    <td>{stateLabels[r.state as ReportState] ?? r.state}</td>
                    <td>
                      {r.assigned_to === me ? (
                        t.me
                      ) : r.state === 'closed' ? (
                        '—'
                      ) : (
                        <Button variant="secondary" onClick={() => void assign(r)}>
                          {t.assignToMe}
                        </Button>
                      )}
                    </td>
                  </tr>
                )}
              />
            </>
          )
        }
      </LoadState>
    </>
  );
}
