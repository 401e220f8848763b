export interface ToggleProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Hide the label visually (a list row already shows it) but keep it for screen readers. */
  hideLabel?: boolean;
  /** Words for on and off, read with the state (e.g. オン / オフ). */
  stateLabels?: [on: string, off: string];
}

/** An on/off switch; the state is shown by position and by the words, not by colour alone. */
export function Toggle({ label, checked, onChange, disabled, hideLabel, stateLabels = ['オン', 'オフ'] }: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={hideLabel ? label : undefined}
      disabled={disabled}
      className="hn-toggle"
      onClick={() => onChange(!checked)}
    >
      {hideLabel ? null : <span className="hn-toggle__label">{label}</span>}
      <span className="hn-toggle__state hn-text-small" aria-hidden="true">
        {checked ? stateLabels[0] : stateLabels[1]}
      </span>
      <span className="hn-toggle__track" aria-hidden="true">
        <span className="hn-toggle__thumb" />
      </span>
    </button>
  );
}
