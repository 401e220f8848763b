import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import type { Approval, Permission, Report } from '@honne/contracts/safety';
import { Button, usePopup } from '@honne/ui';

import { call, errorText, safetyEndpoints } from '../api.ts';
import { formatAt, shortId } from '../format.ts';
import { FormError } from '../form.tsx';
import { LoadState, useLoad } from '../load.tsx';
import { strings } from '../strings.ts';
import { DecisionButtons, DecisionScreen, Table, useDecision } from '../table.tsx';
import { GrantForm, RankForm } from './PointsOperator.tsx';

const t = strings.money;

/** The refund of a reported room's paid chat and call movements (ADR 0030), beside a room or call report. */
export function RefundForm({ report, onDone }: { report: Report; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const popup = usePopup();
  if (report.source !== 'room' && report.source !== 'call') return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(strings.action.reasonRequired);
    setError(undefined);
    const ok = await popup.confirm({
      title: t.refundTitle,
      message: t.refundMessage,
      confirmLabel: t.refund,
      cancelLabel: strings.action.cancel,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const r = await call(safetyEndpoints.refundReport, {
        params: { id: report.id },
        body: { reason: reason.trim() },
      });
      onDone(r.state === 'pending' ? t.pending(r.amount) : t.refunded(r.amount));
      setReason('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="cn-row"
      onSubmit={(e) => void submit(e)}
      aria-label={t.refund}
      data-testid="refund-form"
      noValidate
    >
      <input
        className="cn-input"
        aria-label={t.refundReason}
        placeholder={t.refundReason}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" variant="secondary" loading={busy}>
        {t.refund}
      </Button>
      <FormError error={error} />
    </form>
  );
}

/** Actions waiting for a second operator (any ban, a large refund): approve runs it, reject drops it. */
export function Approvals({ me }: { me: string }) {
  const [rows, reload] = useLoad((signal) => call(safetyEndpoints.approvals, { signal }), 'approvals');
  const { done, decide } = useDecision<Approval>(
    t,
    (a, approve) =>
      call(approve ? safetyEndpoints.approve : safetyEndpoints.reject, { params: { id: a.id }, body: {} }),
    reload,
    (a, approve) => approve && a.action === 'ban',
  );
  return (
    <DecisionScreen heading={t.approvalsHeading} hint={t.approvalsHint} done={done} state={rows} reload={reload}>
      {(list) => (
        <Table
          rows={list}
          empty={t.empty}
          testId="approvals"
          columns={[
            t.requestedAt,
            strings.action.action,
            t.amount,
            strings.appeals.reason,
            t.requestedBy,
            strings.queue.state,
            { label: strings.action.heading, hidden: true },
          ]}
          row={(a) => (
            <tr key={a.id} data-approval-id={a.id}>
              <td className="cn-num">{formatAt(a.requested_at)}</td>
              <td>
                {t.kinds[a.action] ?? a.action}
                {a.subject_id ? (
                  <>
                    {' '}
                    <Link href={`/subjects/${a.subject_id}`}>{shortId(a.subject_id)}</Link>
                  </>
                ) : null}
              </td>
              <td className="cn-num">{a.amount === null ? '—' : `${a.amount.toLocaleString('ja-JP')} pt`}</td>
              <td>{a.reason}</td>
              <td title={a.requested_by}>
                {a.requested_by === `operator:${me}` ? strings.queue.me : shortId(a.requested_by.split(':').at(-1)!)}
              </td>
              <td>{t.states[a.state] ?? a.state}</td>
              <td>
                {a.state === 'pending' ? (
                  <DecisionButtons t={t} onDecide={(approve) => void decide(a, approve)} />
                ) : null}
              </td>
            </tr>
          )}
        />
      )}
    </DecisionScreen>
  );
}

/** A person's points per character: balance, frozen or not, the latest movements (ADR 0030). */
export function PersonPoints({ subjectId, may }: { subjectId: string; may: (p: Permission) => boolean }) {
  const [points, reload] = useLoad(
    (signal) => call(safetyEndpoints.personPoints, { params: { id: subjectId }, signal }),
    `points:${subjectId}`,
  );
  const [done, setDone] = useState<string | undefined>();
  const after = (message: string) => {
    setDone(message);
    reload();
  };
  return (
    <LoadState state={points} reload={reload}>
      {(p) => (
        <div data-testid="person-points">
          {done ? (
            <p className="cn-notice" role="status">
              {done}
            </p>
          ) : null}
          {p.characters.map((c) => (
            <div className="cn-card" key={c.user_id} style={{ marginBottom: 12 }}>
              <dl className="cn-dl">
                <dt>ID</dt>
                <dd className="cn-num" title={c.user_id}>
                  {shortId(c.user_id)}
                </dd>
                <dt>{t.balance}</dt>
                <dd className="cn-num">{`${c.balance.toLocaleString('ja-JP')} pt`}</dd>
                <dt>{t.frozen}</dt>
                <dd className={c.frozen ? 'cn-late' : undefined}>
                  {c.frozen
                    ? c.frozen_until
                      ? strings.subject.until(formatAt(c.frozen_until))
                      : t.frozenYes
                    : t.frozenNo}
                </dd>
              </dl>
              {c.movements.length === 0 ? (
                <p className="hn-text-muted">{t.noMovements}</p>
              ) : (
                <table className="cn-table">
                  <caption className="hn-visually-hidden">{t.movements}</caption>
                  <tbody>
                    {c.movements.map((m) => (
                      <tr key={m.id}>
                        <td className="cn-num">{formatAt(m.at)}</td>
                        <td>{t.kindLabels[m.kind] ?? m.kind}</td>
                        <td className="cn-num">{`${m.direction === 'in' ? '+' : '−'}${m.amount.toLocaleString('ja-JP')}`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {may('points.grant') ? <GrantForm userId={c.user_id} onDone={after} /> : null}
              {may('ranks.set') ? <RankForm userId={c.user_id} onDone={after} /> : null}
            </div>
          ))}
        </div>
      )}
    </LoadState>
  );
}
