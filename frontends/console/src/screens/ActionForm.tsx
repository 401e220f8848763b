import { useState, type FormEvent } from 'react';

import { ACTION_NAMES, actionEndpoints, type ActionName, type Report } from '@honne/contracts/safety';
import { Button, usePopup } from '@honne/ui';

import { call, errorText } from '../api.ts';
import { shortId } from '../format.ts';
import { strings } from '../strings.ts';
import { FormError } from '../form.tsx';

const t = strings.action;
const TIMED: ReadonlySet<ActionName> = new Set(['mute', 'suspend', 'freeze_points']);
const FINAL: ReadonlySet<ActionName> = new Set(['suspend', 'ban']);
const VOICE_ONLY: ReadonlySet<ActionName> = new Set(['hide_voice', 'restore_voice']);

/**
 * An action on a subject: reason, policy, note, a duration for mute and suspend, the report it
 * answers; nothing is sent before the operator confirms what will happen to whom.
 */
export function ActionForm({
  subjectId,
  subjectKind,
  targetLabel,
  reports,
  reportId,
  onDone,
}: {
  subjectId: string;
  subjectKind: string;
  targetLabel: string;
  reports: Report[];
  reportId: string | undefined;
  onDone: (message: string) => void;
}) {
  const allowed = ACTION_NAMES.filter((a) => subjectKind === 'voice' || !VOICE_ONLY.has(a));
  // Opened from an appeal against this voice's hiding: showing it again is the likely answer.
  const appealsHiding = reports.some((r) => r.id === reportId && r.appeal_of?.action === 'hide_voice');
  const [action, setAction] = useState<ActionName>(
    appealsHiding && subjectKind === 'voice' ? 'restore_voice' : 'acknowledge',
  );
  const [reason, setReason] = useState('');
  const [policy, setPolicy] = useState('');
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('24');
  const [unit, setUnit] = useState<'hours' | 'days'>('hours');
  const open = reports.filter((r) => r.state !== 'closed');
  const [report, setReport] = useState(
    reportId && open.some((r) => r.id === reportId) ? reportId : (open[0]?.id ?? ''),
  );
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const popup = usePopup();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t.reasonRequired);
    const n = Number(amount);
    const hours = TIMED.has(action) ? (unit === 'days' ? n * 24 : n) : undefined;
    if (hours !== undefined && !(Number.isInteger(n) && n >= 1)) return setError(t.hoursRequired);
    setError(undefined);
    const label = strings.actions[action];
    const ok = await popup.confirm({
      title: t.confirmTitle,
      message: t.confirmMessage(label, targetLabel),
      confirmLabel: t.run,
      cancelLabel: t.cancel,
      destructive: FINAL.has(action),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await call(actionEndpoints[action], {
        params: { id: subjectId },
        body: {
          reason: reason.trim(),
          ...(policy.trim() ? { policy: policy.trim() } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(hours !== undefined ? { hours } : {}),
          ...(report ? { report_id: report } : {}),
        },
      });
      setReason('');
      setNote('');
      onDone(result.approval?.state === 'pending' ? strings.money.banPending : t.done(label));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cn-form cn-card" onSubmit={(e) => void submit(e)} aria-labelledby="action-heading" noValidate>
      <h2 id="action-heading" style={{ margin: 0 }}>
        {t.heading}
      </h2>
      <label>
        {t.action}
        <select
          className="cn-input"
          aria-label={t.action}
          value={action}
          onChange={(e) => setAction(e.target.value as ActionName)}
        >
          {allowed.map((a) => (
            <option key={a} value={a}>
              {strings.actions[a]}
            </option>
          ))}
        </select>
      </label>
      {TIMED.has(action) ? (
        <div className="cn-row">
          <label>
            {t.hours}
            <input
              className="cn-input"
              type="number"
              min={1}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <label>
            <span className="hn-visually-hidden">{t.unit}</span>
            <select
              className="cn-input"
              aria-label={t.unit}
              value={unit}
              onChange={(e) => setUnit(e.target.value as 'hours' | 'days')}
            >
              <option value="hours">{t.unitHours}</option>
              <option value="days">{t.unitDays}</option>
            </select>
          </label>
        </div>
      ) : null}
      <label>
        {t.reason}
        <input className="cn-input" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label>
        {t.policy}
        <input className="cn-input" value={policy} maxLength={100} onChange={(e) => setPolicy(e.target.value)} />
      </label>
      <label>
        {t.note}
        <textarea className="cn-input" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </label>
      <label>
        {t.report}
        <select className="cn-input" aria-label={t.report} value={report} onChange={(e) => setReport(e.target.value)}>
          <option value="">{t.noReport}</option>
          {open.map((r) => (
            <option key={r.id} value={r.id}>
              {shortId(r.id)} {r.content.slice(0, 30)}
            </option>
          ))}
        </select>
      </label>
      <FormError error={error} />
      <Button type="submit" loading={busy} variant={FINAL.has(action) ? 'destructive' : 'primary'}>
        {t.confirm}
      </Button>
    </form>
  );
}
