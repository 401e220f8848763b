import { Button } from '@honne/ui';
import { useId, useState } from 'react';

import { strings } from '../../../strings.ts';

const t = strings.calls;

/** The ring screen's report form (spec §2: target, content, report, cancel); empty content is refused. */
export function ReportForm({
  target,
  onSubmit,
  onClose,
}: {
  target: string;
  onSubmit: (content: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async () => {
    if (!content.trim()) {
      setError(t.reportRequired);
      return;
    }
    setBusy(true);
    const done = await onSubmit(content.trim());
    setBusy(false);
    if (done) onClose();
  };
  return (
    <>
      <div className="cl-head">
        <h2>{t.report}</h2>
      </div>
      <form
        className="cl-body"
        style={{ alignItems: 'stretch', textAlign: 'left' }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p style={{ margin: 0 }}>
          {t.reportTarget}：<strong>{target}</strong>
        </p>
        <div
          style={{
            background: 'var(--hn-color-surface)',
            color: 'var(--hn-color-text)',
            borderRadius: 12,
            padding: 12,
          }}
        >
          <div className="hn-field">
            <label className="hn-field__label" htmlFor={id}>
              {t.reportContent}
            </label>
            <textarea
              id={id}
              className="hn-field__input hn-textarea"
              rows={5}
              maxLength={1000}
              value={content}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setContent(e.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p className="hn-field__error" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        </div>
        <Button type="submit" block loading={busy}>
          {t.reportSend}
        </Button>
        <Button type="button" variant="secondary" block onClick={onClose}>
          {t.cancel}
        </Button>
      </form>
    </>
  );
}
