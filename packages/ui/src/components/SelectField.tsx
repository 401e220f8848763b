import { useId, useState } from 'react';

import { BottomSheet } from './BottomSheet.tsx';
import { CheckIcon, ChevronIcon } from './icons.tsx';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string | number> {
  label: string;
  value: V | null | undefined;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  placeholder?: string;
  error?: string | undefined;
  /** Title of the bottom sheet; the label by default. */
  sheetTitle?: string;
  disabled?: boolean;
}

/**
 * A field that opens the spec's choice-list modal as a bottom sheet (area, age group, gender,
 * retention…). The sheet is a radio group: arrow keys move, Enter/Space choose.
 */
export function SelectField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  placeholder = '選択してください',
  error,
  sheetTitle,
  disabled,
}: SelectFieldProps<V>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const current = options.find((o) => o.value === value);
  return (
    <div className="hn-field">
      {/* A label, so tapping the field's name opens it as the box does (walk #58). */}
      <label className="hn-field__label" id={`${id}-label`} htmlFor={`${id}-button`}>
        {label}
      </label>
      <button
        type="button"
        id={`${id}-button`}
        className="hn-field__input hn-select"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <span id={`${id}-value`} className={current ? undefined : 'hn-text-muted'}>
          {current?.label ?? placeholder}
        </span>
        <ChevronIcon size={20} />
      </button>
      {error ? (
        <p className="hn-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        <ChoiceSheet
          title={sheetTitle ?? label}
          options={options}
          value={value}
          onClose={() => setOpen(false)}
          onChoose={(v) => {
            onChange(v);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

export interface ChoiceSheetProps<V extends string | number> {
  title: string;
  options: readonly SelectOption<V>[];
  value: V | null | undefined;
  onChoose: (value: V) => void;
  onClose: () => void;
}

/** The bottom sheet list of choices on its own (for rows that open it themselves). */
export function ChoiceSheet<V extends string | number>({
  title,
  options,
  value,
  onChoose,
  onClose,
}: ChoiceSheetProps<V>) {
  return (
    <BottomSheet title={title} onClose={onClose}>
      <ul className="hn-choice-list" role="listbox" aria-label={title}>
        {options.map((o) => {
          const selected = o.value === value;
          return (
            <li key={String(o.value)} role="none">
              <button
                type="button"
                role="option"
                aria-selected={selected}
                className="hn-choice"
                onClick={() => onChoose(o.value)}
              >
                <span>{o.label}</span>
                {selected ? <CheckIcon size={20} /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </BottomSheet>
  );
}
