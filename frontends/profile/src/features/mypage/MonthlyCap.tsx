import { getApi } from '@honne/api-client';
import { AGE_BRACKETS, pointsEndpoints, type Balance } from '@honne/contracts/points';
import { Button, usePopup } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';

/**
 * The monthly cap of users under 18 on the add-points sheet: shown to teens (the profile's 10代)
 * and to anyone capped, with what is used this month and the age bracket to declare (the age group
 * alone cannot tell 15 from 19). The server enforces the cap; this only explains it.
 */
export function MonthlyCap({ balance, onChange }: { balance: Balance; onChange: (b: Balance) => void }) {
  const t = strings.monthlyCap;
  const popup = usePopup();
  const report = useReport();
  const [bracket, setBracket] = useState(balance.age_bracket ?? '');
  const [busy, setBusy] = useState(false);
  if (!balance.teen && (balance.monthly_cap ?? null) === null && !balance.age_bracket) return null;
  const save = async () => {
    if (!bracket || busy) return;
    setBusy(true);
    try {
      const { data } = await getApi().client.call(pointsEndpoints.ageBracket, {
        body: { bracket: bracket as (typeof AGE_BRACKETS)[number] },
      });
      onChange(data);
      await popup.alert(t.saved);
    } catch (err) {
      report(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="hn-card hn-stack" aria-labelledby="monthly-cap-title" style={{ padding: 'var(--hn-space-3)' }}>
      <h3 id="monthly-cap-title" className="hn-field__label" style={{ margin: 0 }}>
        {t.title}
      </h3>
      <p className="hn-text-small" style={{ margin: 0 }}>
        {t.about}
      </p>
      {balance.monthly_cap !== null && balance.monthly_cap !== undefined ? (
        <p className="hn-num" style={{ margin: 0, fontWeight: 700 }}>
          {t.usage(balance.spent_this_month ?? 0, balance.monthly_cap)}
        </p>
      ) : null}
      <label className="hn-field">
        <span className="hn-field__label">{t.bracket}</span>
        <select className="hn-input" value={bracket} onChange={(e) => setBracket(e.target.value)}>
          <option value="" disabled>
            {t.choose}
          </option>
          {AGE_BRACKETS.map((b) => (
            <option key={b} value={b}>
              {t.brackets[b]}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" disabled={!bracket || busy} onClick={() => void save()}>
        {t.save}
      </Button>
    </section>
  );
}
