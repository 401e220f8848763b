import { useId, useState } from 'react';

import { strings } from '../../../strings.ts';
import { reportPanel, ReportSheet } from './ReportSheet.tsx';

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
  const id = useId();
  return (
    <ReportSheet
      title={t.callReportTitle}
      target={target}
      sendLabel={t.callReportSend}
      send={() => onSubmit(reason)}
      onClose={onClose}
    >
      <fieldset
        aria-labelledby={`${id}-legend`}
        style={{
          ...reportPanel,
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
            <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
            {r}
          </label>
        ))}
      </fieldset>
    </ReportSheet>
  );
}
