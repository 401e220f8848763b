import type { ReactNode } from 'react';

/** A round call button with its label under it (44 px+ target, label read by screen readers). */
export function CallControl({
  label,
  icon,
  onClick,
  pressed,
  variant,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  variant?: 'end' | 'answer';
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={`cl-control${variant ? ` cl-control--${variant}` : ''}`}
      onClick={onClick}
      aria-pressed={pressed}
      disabled={disabled}
    >
      <span className="cl-control__disc" aria-hidden="true">
        {icon}
      </span>
      <span>{label}</span>
    </button>
  );
}
