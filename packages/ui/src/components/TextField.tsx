import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  /** The message under the field (client check or the server's 403 errors[field]). */
  error?: string | undefined;
  hint?: string;
  onChange?: (value: string) => void;
}

export function TextField({ label, error, hint, id, onChange, className, ...rest }: TextFieldProps) {
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
      <input
        id={inputId}
        className="hn-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange?.(e.target.value)}
        {...rest}
      />
      {hint ? (
        <p className="hn-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="hn-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
