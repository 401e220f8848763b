import { getApi } from '@honne/api-client';
import { pointsEndpoints, REFUND_REASON_MAX } from '@honne/contracts/points';
import { BottomSheet, Button, LimitedTextArea, usePopup } from '@honne/ui';
import { useState } from 'react';

import { strings } from '../../strings.ts';
import { useReport } from '../shared/useReport.ts';

/**
 * The refund request from /manage-point: the reason goes to operators with the balance of the
 * moment; they answer by mail. The app never pays points out by itself.
 */
export function RefundRequest({ onClose }: { onClose: () => void }) {
  const popup = usePopup();
  const report = useReport();
  const t = strings.refundSheet;
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const { data } = await getApi().client.call(pointsEndpoints.refundRequest, { body: { reason } });
      await popup.alert(data.message);
      onClose();
    } catch (err) {
      const shown = report(err, ['reason']);
      setError(shown.fieldErrors.reason ?? '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <BottomSheet title={t.title} onClose={onClose}>
      <p className="hn-text-small" style={{ margin: 0 }}>
        {t.about}
      </p>
      <LimitedTextArea
        label={t.reason}
        value={reason}
        max={REFUND_REASON_MAX}
        overMessage={t.tooLong}
        rows={5}
        onChange={(v) => {
          setReason(v);
          setError('');
        }}
      />
      {error ? (
        <p className="hn-field__error" role="alert" style={{ margin: 0 }}>
          {error}
        </p>
      ) : null}
      <Button block loading={busy} onClick={() => void send()}>
        {t.send}
      </Button>
    </BottomSheet>
  );
}
