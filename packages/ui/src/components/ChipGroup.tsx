import { useId } from 'react';

import { ErrorLine } from './ErrorLine.tsx';

export interface ChipOption<V extends string | number> {
  value: V;
  label: string;
}

interface Common<V extends string | number> {
  legend: string;
  options: readonly ChipOption<V>[];
  /** Hide the legend visually (a heading already says it). */
  hideLegend?: boolean;
  error?: string | undefined;
  size?: 'normal' | 'large';
}

export type ChipGroupProps<V extends string | number> = Common<V> &
  (
    | { multiple: true; value: readonly V[]; onChange: (value: V[]) => void }
    | { multiple?: false; value: V | null | undefined; onChange: (value: V) => void }
  );

/**
 * Choices drawn as chips over native radio buttons or checkboxes, so keyboards and screen readers
 * get the real thing: blood type, personality, the 1–5 ratings (single) and interest tags (multiple).
 */
export function ChipGroup<V extends string | number>(props: ChipGroupProps<V>) {
  const name = useId();
  const { legend, options, hideLegend, error, size = 'normal' } = props;
  const isChecked = (v: V) => (props.multiple ? props.value.includes(v) : props.value === v);
  const toggle = (v: V) => {
    if (props.multiple) {
      props.onChange(props.value.includes(v) ? props.value.filter((x) => x !== v) : [...props.value, v]);
    } else props.onChange(v);
  };
  return (
    <fieldset className="hn-chips" aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'hn-visually-hidden' : 'hn-field__label hn-chips__legend'}>{legend}</legend>
      <div className={`hn-chips__list hn-chips__list--${size}`}>
        {options.map((o) => (
          <label key={String(o.value)} className="hn-chip">
            <input
              type={props.multiple ? 'checkbox' : 'radio'}
              name={name}
              value={String(o.value)}
              checked={isChecked(o.value)}
              onChange={() => toggle(o.value)}
            />
            <span className="hn-chip__face">{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorLine message={error} />
    </fieldset>
  );
}

export interface RatingPickerProps {
  label: string;
  value: number | null | undefined;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
}

/** A 1–5 rating as a row of five radio chips. */
export function RatingPicker({ label, value, onChange, min = 1, max = 5 }: RatingPickerProps) {
  const options = Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }));
  return <ChipGroup legend={label} options={options} value={value} onChange={onChange} size="large" />;
}
