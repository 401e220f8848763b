import { Button } from '@honne/ui';
import { useId, useState } from 'react';

import { strings } from '../../../strings.ts';

const t = strings.calls;

/**
 * 通報する inside a live call (issue 27): the reporter picks a reason; confirming (a popup, in
 * `onSubmit`) ends the call and blocks the partner, as the room's own block menu would.
 */
export function CallReportForm({
  target,
  onSubmit,
  onClose,
}: {
  target: string;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string>(t.callReportReasons[0]);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <>
      <div className="cl-head">
        <h2>{t.callReportTitle}</h2>
      </div>
      <form
        className="cl-body"
        style={{ alignItems: 'stretch', textAlign: 'left' }}
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          void onSubmit(reason).then((done) => {
            setBusy(false);
            if (done) onClose();
          });
        }}
      >
        <p style={{ margin: 0 }}>
          {t.reportTarget}：<strong>{target}</strong>
        </p>
        <fieldset
          aria-labelledby={`${id}-legend`}
          style={{
            background: 'var(--hn-color-surface)',
            color: 'var(--hn-color-text)',
            borderRadius: 12,
            padding: 12,
            border: 0,
            margin: 0,
            display: 'grid',
            gap: 8,
          }}
        >
          <legend id={`${id}-legend`} className="hn-field__label" style={{ float: 'left', marginBottom: 4 }}>
            {t.callReportReason}
          </legend>
          {t.callReportReasons.map((r) => (
            <label key={r} style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 32 }}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {r}
            </label>
          ))}
        </fieldset>
        <Button type="submit" block loading={busy}>
          {t.callReportSend}
        </Button>
        <Button type="button" variant="secondary" block onClick={onClose}>
          {t.cancel}
        </Button>
      </form>
    </>
  );
}
