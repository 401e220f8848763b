import { Link } from 'wouter';

import { call, roleMay, safetyEndpoints } from '../api.ts';
import { shortId } from '../format.ts';
import { LoadState, useLoad } from '../load.tsx';
import { ageLabel, strings } from '../strings.ts';
import { Table } from '../table.tsx';
import { History, ReportTable } from './History.tsx';
import { PersonPoints } from './Money.tsx';
import { StatusList } from './Status.tsx';
import { subjectHref } from './Queue.tsx';

const t = strings.person;

/** A person across their (up to three) characters: status, the events on the person, every report about any of them. */
export function Person({ id, role }: { id: string; role: string }) {
  // What the forms offer follows the role; safety checks each call all the same.
  const may = roleMay(role);
  const [person, reload] = useLoad((signal) => call(safetyEndpoints.person, { params: { id }, signal }), id);
  return (
    <LoadState state={person} reload={reload}>
      {(p) => (
        <>
          <h1>
            {t.heading} <small className="hn-text-muted">{p.person_id}</small>
          </h1>
          <div className="cn-grid">
            <div>
              <h2>{t.characters}</h2>
              {
                <Table
                  rows={p.characters}
                  empty="—"
                  testId="characters"
                  columns={['ID', t.age, strings.subject.reports]}
                  row={(c) => (
                    <tr key={c.user_id}>
                      <td className="cn-num" title={c.user_id}>
                        {shortId(c.user_id)}
                      </td>
                      <td>{ageLabel(c.age_id)}</td>
                      <td>
                        {c.subject_id ? (
                          <Link href={`/subjects/${c.subject_id}`}>{t.open}</Link>
                        ) : (
                          <span className="hn-text-muted">{t.noSubject}</span>
                        )}
                      </td>
                    </tr>
                  )}
                />
              }
              <h2>{strings.subject.reports}</h2>
              <ReportTable reports={p.reports} extra={(r) => <Link href={subjectHref(r)}>{strings.queue.open}</Link>} />
              <h2>{strings.subject.history}</h2>
              <History events={p.events} />
            </div>
            <div>
              <h2>{strings.subject.status}</h2>
              <div className="cn-card">
                <StatusList status={p.status} />
                {p.subject_id ? (
                  <p style={{ marginBottom: 0 }}>
                    <Link href={`/subjects/${p.subject_id}`}>{strings.action.heading}</Link>
                  </p>
                ) : null}
              </div>
              <h2>{strings.money.pointsHeading}</h2>
              <PersonPoints subjectId={id} may={may} />
            </div>
          </div>
        </>
      )}
    </LoadState>
  );
}
