import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  error?: string | undefined;
  /** Said by screen readers when the box is disabled (why it cannot be ticked yet). */
  disabledReason?: string;
  id?: string;
}

export function Checkbox({ checked, onChange, label, disabled = false, error, disabledReason, id }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error ?? (disabled ? disabledReason : undefined);
  return (
    <div className="hn-field">
      <label
        className={['hn-checkbox', disabled && 'hn-checkbox--disabled'].filter(Boolean).join(' ')}
        htmlFor={inputId}
      >
        <input
          id={inputId}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p className="hn-field__error" id={noteId} role="alert">
          {error}
        </p>
      ) : disabled && disabledReason ? (
        <p className="hn-field__hint" id={noteId}>
          {disabledReason}
        </p>
      ) : null}
    </div>
  );
}
