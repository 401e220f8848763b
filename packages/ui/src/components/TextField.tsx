import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

import { ErrorLine } from './ErrorLine.tsx';

interface FieldFrameProps {
  label: string;
  /** The message under the field (client check or the server's 403 errors[field]). */
  error?: string | undefined;
  hint?: string;
  onChange?: (value: string) => void;
}

export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {}

export interface TextAreaFieldProps
  extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {}

/** The label, hint and error around a control, with the ids that tie them to it for screen readers. */
function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  control,
}: FieldFrameProps & {
  id: string | undefined;
  className: string | undefined;
  control: (a11y: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['hn-field', className].filter(Boolean).join(' ')}>
      <label className="hn-field__label" htmlFor={inputId}>
        {label}
      </label>
      {control({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="hn-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <ErrorLine message={error} id={errorId} />
    </div>
  );
}

export function TextField({ label, error, hint, id, onChange, className, ...rest }: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, id, className }}
      control={(a11y) => (
        <input className="hn-field__input" {...a11y} onChange={(e) => onChange?.(e.target.value)} {...rest} />
      )}
    />
  );
}

/** A multi-line TextField (a report's content, an appeal): the same label, hint and error. */
export function TextAreaField({ label, error, hint, id, onChange, className, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, id, className }}
      control={(a11y) => (
        <textarea
          className="hn-field__input hn-textarea"
          {...a11y}
          onChange={(e) => onChange?.(e.target.value)}
          {...rest}
        />
      )}
    />
  );
}
