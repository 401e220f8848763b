import { useId, type ReactNode } from 'react';

import { uiStrings } from '../strings.ts';

import { Button } from './Button.tsx';
import { useDialogFocus } from './useDialogFocus.ts';

export interface PopupProps {
  message: ReactNode;
  title?: string;
  /** Label of the single button; defaults to OK. */
  buttonLabel?: string;
  onClose: () => void;
}

/** The alert-dialog frame both dialogs share: backdrop, focus trap, title, message and their buttons. */
function DialogFrame({
  message,
  title,
  onDismiss,
  children,
}: {
  message: ReactNode;
  title?: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const messageId = useId();
  const ref = useDialogFocus<HTMLDivElement>(onDismiss);
  return (
    <div className="hn-backdrop">
      <div
        ref={ref}
        className="hn-popup"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={messageId}
        tabIndex={-1}
      >
        {title ? (
          <h2 className="hn-popup__title" id={titleId}>
            {title}
          </h2>
        ) : null}
        <p className="hn-popup__message" id={messageId}>
          {message}
        </p>
        <div className="hn-popup__actions">{children}</div>
      </div>
    </div>
  );
}

/** A message that needs acknowledging (errors, results), with the spec's exact wording. */
export function Popup({ message, title, buttonLabel = uiStrings.ok, onClose }: PopupProps) {
  return (
    <DialogFrame message={message} title={title} onDismiss={onClose}>
      <Button block onClick={onClose}>
        {buttonLabel}
      </Button>
    </DialogFrame>
  );
}

export interface ConfirmDialogProps {
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm choice cannot be undone (delete, block): drawn in the destructive style. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question. The safe choice (cancel) always has the secondary style and takes the first
 * focus; the confirm choice is primary, or destructive when it cannot be undone.
 */
export function ConfirmDialog({
  message,
  title,
  confirmLabel = uiStrings.yes,
  cancelLabel = uiStrings.no,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <DialogFrame message={message} title={title} onDismiss={onCancel}>
      <Button variant="secondary" block onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button variant={destructive ? 'destructive' : 'primary'} block onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </DialogFrame>
  );
}
