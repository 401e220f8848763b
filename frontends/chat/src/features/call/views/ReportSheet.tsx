import { Button } from '@honne/ui';
import { useState, type CSSProperties, type ReactNode } from 'react';

import { strings } from '../../../strings.ts';

const t = strings.calls;

/** The call screen's panel look: the surface card the form's fields sit in. */
export const reportPanel: CSSProperties = {
  background: 'var(--hn-color-surface)',
  color: 'var(--hn-color-text)',
  borderRadius: 12,
  padding: 12,
};

/**
 * The call screens' report forms (the ring screen's and the live call's): title, target, the
 * fields, send and cancel. `send` answers whether it went through; then the form closes.
 */
export function ReportSheet({
  title,
  target,
  sendLabel,
  send,
  onClose,
  children,
}: {
  title: string;
  target: string;
  sendLabel: string;
  /** Undefined when the fields refused (the form stays, with their message). */
  send: () => Promise<boolean> | undefined;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      <div className="cl-head">
        <h2>{title}</h2>
      </div>
      <form
        className="cl-body"
        style={{ alignItems: 'stretch', textAlign: 'left' }}
        onSubmit={(e) => {
          e.preventDefault();
          const sending = send();
          if (!sending) return;
          setBusy(true);
          void sending.then((done) => {
            setBusy(false);
            if (done) onClose();
          });
        }}
      >
        <p style={{ margin: 0 }}>
          {t.reportTarget}：<strong>{target}</strong>
        </p>
        {children}
        <Button type="submit" block loading={busy}>
          {sendLabel}
        </Button>
        <Button type="button" variant="secondary" block onClick={onClose}>
          {t.cancel}
        </Button>
      </form>
    </>
  );
}
