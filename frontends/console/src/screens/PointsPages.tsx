import { useState } from 'react';

import type { ExpertRequest } from '@honne/contracts/accounts';
import { PURCHASE_EVENT_STATUSES } from '@honne/contracts/points';

import { call, safetyEndpoints } from '../api.ts';
import { formatAge, formatAt, shortId } from '../format.ts';
import { LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';
import { DecisionButtons, DecisionScreen, Table, useDecision } from '../table.tsx';

// The points operator pages (ADR 0034): what safety's console endpoints already answered, on a screen.

/** The expert requests waiting, longest first: approve (the expert mark) or reject, each confirmed and audited. */
export function ExpertRequests() {
  const t = strings.experts;
  const [rows, reload] = useLoad((signal) => call(safetyEndpoints.expertRequests, { signal }), 'experts');
  const { done, decide } = useDecision<ExpertRequest>(
    t,
    (r, approve) => call(safetyEndpoints.setExpert, { params: { id: r.user_id }, body: { approve } }),
    reload,
  );
  return (
    <DecisionScreen heading={t.heading} hint={t.hint} done={done} state={rows} reload={reload}>
      {(list) => (
        <Table
          rows={list}
          empty={t.empty}
          testId="expert-requests"
          columns={[t.name, 'ID', t.updatedAt, { label: strings.action.heading, hidden: true }]}
          row={(r) => (
            <tr key={r.user_id} data-user-id={r.user_id}>
              <td>{r.user_name ?? t.noName}</td>
              <td className="cn-num" title={r.user_id}>
                {shortId(r.user_id)}
              </td>
              <td className="cn-num" title={formatAt(r.updated_at)}>
                {formatAge(r.updated_at)}
              </td>
              <td>
                <DecisionButtons t={t} onDecide={(approve) => void decide(r, approve)} />
              </td>
            </tr>
          )}
        />
      )}
    </DecisionScreen>
  );
}

type PurchaseStatus = (typeof PURCHASE_EVENT_STATUSES)[number];

/** The provider's checkout events by status, unresolved first: what no buyer was found for. */
export function Purchases() {
  const t = strings.purchases;
  const [status, setStatus] = useState<PurchaseStatus>('unresolved');
  const [rows, reload] = useLoad(
    (signal) => call(safetyEndpoints.purchaseEvents, { query: { status, limit: 200 }, signal }),
    status,
  );
  return (
    <>
      <h1>{t.heading}</h1>
      <p className="hn-text-muted">{t.hint}</p>
      <form className="cn-row cn-filters" aria-label={strings.queue.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t.status}
          <select
            className="cn-input"
            aria-label={t.status}
            value={status}
            onChange={(e) => setStatus(e.target.value as PurchaseStatus)}
          >
            {PURCHASE_EVENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s] ?? s}
              </option>
            ))}
          </select>
        </label>
      </form>
      <LoadState state={rows} reload={reload}>
        {(list) => (
          <>
            {list.length > 0 ? (
              <p className="hn-text-muted" aria-live="polite">
                {t.count(list.length)}
              </p>
            ) : null}
            <Table
              rows={list}
              empty={t.empty}
              testId="purchases"
              columns={[t.receivedAt, t.event, t.user, t.pack, t.status, t.reason, t.body]}
              row={(p) => (
                <tr key={p.event_id} data-event-id={p.event_id}>
                  <td className="cn-num">{formatAt(p.received_at)}</td>
                  <td className="cn-num" title={`${p.event_id} / ${p.session_id}`}>
                    {p.event_id}
                  </td>
                  <td className="cn-num" title={p.user_id ?? undefined}>
                    {p.user_id ? shortId(p.user_id) : '—'}
                  </td>
                  <td>{p.pack ?? '—'}</td>
                  <td>{t.statuses[p.status] ?? p.status}</td>
                  <td>{p.reason ? (t.reasons[p.reason] ?? p.reason) : '—'}</td>
                  <td>
                    <details>
                      <summary>{t.body}</summary>
                      <pre className="cn-clip" style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>
                        {p.body}
                      </pre>
                    </details>
                  </td>
                </tr>
              )}
            />
          </>
        )}
      </LoadState>
    </>
  );
}

/** The base date half a year before `date` ('YYYY-09-30' → 'YYYY-03-31' → 'YYYY-1-09-30'). */
const previousBaseDate = (date: string) =>
  date.endsWith('-09-30') ? `${date.slice(0, 4)}-03-31` : `${Number(date.slice(0, 4)) - 1}-09-30`;

/** The unused purchased balance on a base date (資金決済法): the figure, the threshold, what is due. */
export function UnusedReport() {
  const t = strings.unused;
  const [baseDate, setBaseDate] = useState('');
  // The dates offered are counted back from the latest ended one, as points answered it.
  const [latest, setLatest] = useState<string | undefined>();
  const [report, reload] = useLoad(async (signal) => {
    const r = await call(safetyEndpoints.unusedPointsReport, {
      query: baseDate ? { base_date: baseDate } : {},
      signal,
    });
    if (!baseDate) setLatest(r.base_date);
    return r;
  }, baseDate);
  const dates: string[] = [];
  for (let d = latest, i = 0; d && i < 6; d = previousBaseDate(d), i++) dates.push(d);
  return (
    <>
      <h1>{t.heading}</h1>
      <p className="hn-text-muted">{t.hint}</p>
      <form className="cn-row cn-filters" aria-label={strings.queue.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t.baseDate}
          <select
            className="cn-input"
            aria-label={t.baseDate}
            value={baseDate}
            onChange={(e) => setBaseDate(e.target.value)}
          >
            <option value="">{t.latest}</option>
            {dates.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      </form>
      <LoadState state={report} reload={reload}>
        {(r) => (
          <div className="cn-card" data-testid="unused-report">
            <dl className="cn-dl">
              <dt>{t.baseDateLabel}</dt>
              <dd className="cn-num">{r.base_date}</dd>
              <dt>{t.policy}</dt>
              <dd>{t.policies[r.policy] ?? r.policy}</dd>
              <dt>{t.unused}</dt>
              <dd className="cn-num">{t.yen(r.unused_purchased)}</dd>
              <dt>{t.threshold}</dt>
              <dd className="cn-num">{t.yen(r.threshold)}</dd>
              <dt>{t.reportRequired}</dt>
              <dd className={r.report_required ? 'cn-late' : undefined}>{r.report_required ? t.yes : t.no}</dd>
              <dt>{t.depositRequired}</dt>
              <dd className="cn-num">{t.yen(r.deposit_required)}</dd>
            </dl>
          </div>
        )}
      </LoadState>
    </>
  );
}
