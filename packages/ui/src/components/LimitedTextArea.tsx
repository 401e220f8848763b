import { useId, useRef } from 'react';

import { ErrorLine } from './ErrorLine.tsx';
import { isOverLimit, nextLimitedText, textLength } from '../text-limit.ts';

export interface LimitedTextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  /** Said under the box while over the limit (e.g. the shared 100-character message). */
  overMessage: string;
  rows?: number;
  placeholder?: string;
}

/**
 * The ban-list / self-PR box of spec §5: a counter, typing beyond the limit ignored, and a pink
 * box with the message when the text is over anyway (the caller blocks saving with isOverLimit).
 */
export function LimitedTextArea({
  label,
  value,
  onChange,
  max,
  overMessage,
  rows = 4,
  placeholder,
}: LimitedTextAreaProps) {
  const id = useId();
  const composing = useRef(false);
  const over = isOverLimit(value, max);
  return (
    <div className="hn-field">
      <label className="hn-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={['hn-field__input', 'hn-textarea', over && 'hn-textarea--over'].filter(Boolean).join(' ')}
        rows={rows}
        value={value}
        placeholder={placeholder}
        aria-invalid={over || undefined}
        aria-describedby={`${id}-count${over ? ` ${id}-error` : ''}`}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(e) => {
          composing.current = false;
          onChange(nextLimitedText(value, e.currentTarget.value, max));
        }}
        onChange={(e) => onChange(nextLimitedText(value, e.target.value, max, composing.current))}
      />
      <p
        className={`hn-field__hint hn-num hn-textarea__count${over ? ' hn-textarea__count--over' : ''}`}
        id={`${id}-count`}
      >
        {textLength(value)} / {max}
      </p>
      <ErrorLine message={over ? overMessage : null} id={`${id}-error`} />
    </div>
  );
}
