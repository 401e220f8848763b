import { useId } from 'react';

export interface SliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  hint?: string;
}

/** A labelled range input with its value shown (arrow keys move it by one step). */
export function Slider({ label, value, onChange, min = 0, max = 100, step = 1, hint }: SliderProps) {
  const id = useId();
  return (
    <div className="hn-field hn-slider">
      <div className="hn-slider__head">
        <label className="hn-field__label" htmlFor={id}>
          {label}
        </label>
        <output className="hn-slider__value hn-num" htmlFor={id}>
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="hn-slider__input"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
        style={{ ['--hn-slider-fill' as string]: `${((value - min) / (max - min)) * 100}%` }}
      />
      {hint ? (
        <p className="hn-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
