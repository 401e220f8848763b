import { isApiError } from '@honne/api-client';
import { messages } from '@honne/contracts/messages';
import { topicsEndpoints } from '@honne/contracts/topics';
import { BottomSheet, Button, TextAreaField, usePopup } from '@honne/ui';
import { useState, type FormEvent } from 'react';

import { client, useFail } from '../../data/api.ts';
import { strings } from '../../strings.ts';

/** The report dialog of the detail panel: a text area (newlines kept), report and cancel. */
export function ReportDialog({ topicId, name, onClose }: { topicId: string; name: string; onClose: () => void }) {
  const popup = usePopup();
  const fail = useFail();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length === 0) {
      setError(messages.reportRequired);
      return;
    }
    setSending(true);
    try {
      await client().call(topicsEndpoints.reportTopic, { params: { id: topicId }, body: { content: text } });
      onClose();
      void popup.alert(strings.reportDone);
    } catch (err) {
      if (isApiError(err) && err.kind === 'http' && err.status < 500 && err.fieldErrors.content)
        setError(err.fieldErrors.content);
      else fail(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <BottomSheet title={strings.reportTitle} onClose={onClose}>
      <form className="tp-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="tp-note">{strings.reportTarget(name)}</p>
        <TextAreaField
          label={strings.reportLabel}
          rows={5}
          value={text}
          error={error}
          onChange={(v) => {
            setText(v);
            if (error) setError(undefined);
          }}
        />
        {/* The same layout as the room's and the user's reports (walk #50): report, then cancel. */}
        <div className="hn-stack" style={{ gap: 'var(--hn-space-2)' }}>
          <Button type="submit" variant="destructive" block loading={sending}>
            {strings.reportSend}
          </Button>
          <Button variant="text" block onClick={onClose}>
            {strings.cancel}
          </Button>
        </div>
      </form>
    </BottomSheet>
  );
}
