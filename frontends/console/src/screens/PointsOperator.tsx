import { useState } from 'react';

import { Button, usePopup } from '@honne/ui';

import { call, safetyEndpoints } from '../api.ts';
import { FormError, useFormSubmit } from '../form.tsx';
import { strings } from '../strings.ts';

const t = strings.pointsOperator;

const HEADING = { margin: '20px 0 0', fontSize: 15 } as const;

const wholeNumber = (s: string): number | undefined => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);

/**
 * An operator's grant of points to one character (ADR 0034: `points.grant`, audited by safety). The
 * form holds one idempotency key until a grant succeeds, so a double click or a retry after a lost
 * answer grants once.
 */
export function GrantForm({ userId, onDone }: { userId: string; onDone: (message: string) => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const popup = usePopup();
  const { submit, error } = useFormSubmit(async () => {
    const n = wholeNumber(amount);
    if (!n || n > 1_000_000) throw new Error(t.amountRange);
    if (!reason.trim()) throw new Error(strings.action.reasonRequired);
    const ok = await popup.confirm({
      title: t.grantTitle(n),
      message: t.grantMessage,
      confirmLabel: t.grant,
      cancelLabel: strings.action.cancel,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const r = await call(safetyEndpoints.grantPoints, {
        body: { user_id: userId, amount: n, reason: reason.trim(), idempotency_key: key },
      });
      setKey(crypto.randomUUID());
      setAmount('');
      setReason('');
      onDone(t.granted(r.amount, r.balance));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form className="cn-form" onSubmit={(e) => void submit(e)} aria-label={t.grantHeading} noValidate>
      <h3 style={HEADING}>{t.grantHeading}</h3>
      <div className="cn-row">
        <label>
          {t.amount}
          <input
            className="cn-input"
            inputMode="numeric"
            value={amount}
            maxLength={7}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label>
          {t.reason}
          <input className="cn-input" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
      </div>
      <FormError error={error} />
      <Button type="submit" variant="secondary" loading={busy}>
        {t.grant}
      </Button>
    </form>
  );
}

/** An operator sets a character's rank, the most they may charge (ADR 0034: `ranks.set`, audited by safety). */
export function RankForm({ userId, onDone }: { userId: string; onDone: (message: string) => void }) {
  const [chat, setChat] = useState('');
  const [callMax, setCallMax] = useState('');
  const [busy, setBusy] = useState(false);
  const { submit, error } = useFormSubmit(async () => {
    const c = wholeNumber(chat);
    const m = wholeNumber(callMax);
    if (c === undefined || m === undefined || c % 10 || m % 10 || c > 100_000 || m > 100_000)
      throw new Error(t.rankRule);
    setBusy(true);
    try {
      const r = await call(safetyEndpoints.setRank, {
        params: { id: userId },
        body: { max_point_for_chatting: c, max_point_for_a_call: m },
      });
      onDone(t.ranked(r.rank.max_point_for_chatting, r.rank.max_point_for_a_call));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form className="cn-form" onSubmit={(e) => void submit(e)} aria-label={t.rankHeading} noValidate>
      <h3 style={HEADING}>{t.rankHeading}</h3>
      <div className="cn-row">
        <label>
          {t.chatMax}
          <input className="cn-input" inputMode="numeric" value={chat} onChange={(e) => setChat(e.target.value)} />
        </label>
        <label>
          {t.callMax}
          <input
            className="cn-input"
            inputMode="numeric"
            value={callMax}
            onChange={(e) => setCallMax(e.target.value)}
          />
        </label>
      </div>
      <FormError error={error} />
      <Button type="submit" variant="secondary" loading={busy}>
        {t.setRank}
      </Button>
    </form>
  );
}
