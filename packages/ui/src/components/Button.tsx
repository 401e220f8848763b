import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'text';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width of the column. */
  block?: boolean;
  /** Shows a spinner and blocks further presses, keeping the label for screen readers. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  block = false,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['hn-button', `hn-button--${variant}`, block && 'hn-button--block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <span className="hn-spinner hn-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
