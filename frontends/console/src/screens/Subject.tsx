import { useState } from 'react';
import { Link, useSearch } from 'wouter';

import type { SubjectKind } from '@honne/contracts/safety';

import { call, safetyEndpoints } from '../api.ts';
import { shortId } from '../format.ts';
import { LoadState, useLoad } from '../load.tsx';
import { kindLabels, strings } from '../strings.ts';
import { ActionForm } from './ActionForm.tsx';
import { Evidence } from './Evidence.tsx';
import { HeldMessage } from './HeldMessage.tsx';
import { RefundForm } from './Money.tsx';
import { History, ReportTable } from './History.tsx';
import { StatusList } from './Status.tsx';

const t = strings.subject;

/** A subject: status, its reports (with their frozen evidence), its whole history, and the action form. */
export function Subject({ id }: { id: string }) {
  const reportId = new URLSearchParams(useSearch()).get('report') ?? undefined;
  const [subject, reload] = useLoad((signal) => call(safetyEndpoints.subject, { params: { id }, signal }), id);
  const [done, setDone] = useState<string | undefined>();
  return (
    <LoadState state={subject} reload={reload}>
      {(s) => {
        const kind = kindLabels[s.kind as SubjectKind] ?? s.kind;
        return (
          <>
            <h1>
              {t.heading(kind)}{' '}
              <small className="hn-text-muted" title={s.ref_id}>{`${t.refLabel} ${shortId(s.ref_id)}`}</small>
            </h1>
            {done ? (
              <p className="cn-notice" role="status">
                {done}
              </p>
            ) : null}
            <div className="cn-grid">
              <div>
                <h2>{t.reports}</h2>
                <ReportTable
                  reports={s.reports}
                  extra={(r) => (
                    <>
                      <Evidence reportId={r.id} />
                      {r.held ? <HeldMessage report={r} onDone={reload} /> : null}
                      <RefundForm
                        report={r}
                        onDone={(message) => {
                          setDone(message);
                          reload();
                        }}
                      />
                    </>
                  )}
                />
                {s.appeals.length > 0 ? (
                  <>
                    <h2>{strings.appeals.againstThis}</h2>
                    <ReportTable reports={s.appeals} testId="subject-appeals" />
                  </>
                ) : null}
                <h2>{t.history}</h2>
                <History events={s.events} />
              </div>
              <div>
                <h2>{t.status}</h2>
                <div className="cn-card">
                  <StatusList status={s.status} />
                  {s.person_id ? (
                    <p style={{ marginBottom: 0 }}>
                      <Link href={`/people/${s.id}`}>{t.person}</Link>
                    </p>
                  ) : null}
                </div>
                <div style={{ marginTop: 24 }}>
                  <ActionForm
                    key={s.events.length}
                    subjectId={s.id}
                    subjectKind={s.kind}
                    targetLabel={`${kind} ${shortId(s.ref_id)}`}
                    reports={[...s.reports, ...s.appeals]}
                    reportId={reportId}
                    onDone={(message) => {
                      setDone(message);
                      reload();
                    }}
                  />
                </div>
              </div>
            </div>
          </>
        );
      }}
    </LoadState>
  );
}
