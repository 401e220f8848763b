import { useRef, type KeyboardEvent } from 'react';

export interface TabsProps<V extends string | number> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** Filter tabs (history 0/1/2, replies '0'/'1'): arrow keys move between them. */
export function Tabs<V extends string | number>({ label, value, options, onChange }: TabsProps<V>) {
  const ref = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowRight' ? 1 : options.length - 1)) % options.length;
    onChange(options[next]!.value);
    ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="tp-tabs" role="tablist" aria-label={label} ref={ref}>
      {options.map((o, i) => (
        <button
          key={String(o.value)}
          type="button"
          role="tab"
          className="tp-tab"
          aria-selected={o.value === value}
          tabIndex={o.value === value ? 0 : -1}
          onClick={() => onChange(o.value)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
