import { friendsEndpoints, validateReport } from '@honne/contracts/friends';
import { BottomSheet, Button, usePopup } from '@honne/ui';
import { useId, useState } from 'react';

import { strings } from '../../strings.ts';
import { client, useFail } from '../shared/api.ts';

/**
 * The friend detail's report dialog (spec §2): a text area with 通報する and キャンセル, sent as
 * `PUT /users/user_report`; a success says so and closes. Empty text is refused before sending.
 */
export function ReportUserSheet({ userId, onClose }: { userId: string; onClose: () => void }) {
  const popup = usePopup();
  const fail = useFail();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    const errors = validateReport(text);
    if (errors.report) return setError(errors.report);
    setSending(true);
    try {
      await client().call(friendsEndpoints.report, { body: { user_id: userId, report: text.trim() } });
      onClose();
      await popup.alert(strings.reportDone);
    } catch (e) {
      await fail(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <BottomSheet title={strings.reportTitle} onClose={onClose}>
      <label className="hn-field">
        <span className="hn-field__label">{strings.reportPlaceholder}</span>
        <textarea
          className="hn-textarea"
          rows={5}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <span className="hn-field__error" id={errorId} role="alert">
            {error}
          </span>
        ) : null}
      </label>
      <div className="ch-actions" style={{ marginTop: 12 }}>
        <Button variant="destructive" loading={sending} onClick={() => void send()}>
          {strings.report}
        </Button>
        <Button variant="text" onClick={onClose}>
          {strings.cancel}
        </Button>
      </div>
    </BottomSheet>
  );
}
