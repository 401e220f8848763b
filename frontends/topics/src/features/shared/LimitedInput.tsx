import { useId, useRef } from 'react';

import { charLength } from '@honne/contracts/topics';

export interface LimitedInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  /** Spec §5's red note, shown once the text reaches the limit ('文字列の最大長さ100'). */
  limitNote: string;
  multiline?: boolean;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
}

const cut = (s: string, max: number) => (charLength(s) > max ? [...s].slice(0, max).join('') : s);

/**
 * The post title (≤100) and comment (≤200) boxes of spec §5: input beyond the limit is rejected
 * (cut back to the limit, also after an IME conversion), the red note shows at the limit, and the
 * server's 403 message for the field shows under it.
 */
export function LimitedInput({
  label,
  value,
  onChange,
  max,
  limitNote,
  multiline,
  placeholder,
  error,
  required,
}: LimitedInputProps) {
  const id = useId();
  const composing = useRef(false);
  const atLimit = charLength(value) >= max;
  const describedBy = [`${id}-count`, atLimit ? `${id}-limit` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    className: multiline ? 'hn-field__input hn-textarea' : 'hn-field__input',
    value,
    placeholder,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: (e: { currentTarget: { value: string } }) => {
      composing.current = false;
      onChange(cut(e.currentTarget.value, max));
    },
    onChange: (e: { target: { value: string } }) =>
      onChange(composing.current ? e.target.value : cut(e.target.value, max)),
  };
  return (
    <div className="hn-field">
      <label className="hn-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
      <p className="tp-counter" id={`${id}-count`}>
        {charLength(value)} / {max}
      </p>
      {atLimit ? (
        <p className="tp-field-note" id={`${id}-limit`} role="status">
          {limitNote}
        </p>
      ) : null}
      {error ? (
        <p className="hn-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
