import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** What the button does, for screen readers (the icon alone says nothing to them). */
  label: string;
  children: ReactNode;
}

/** A button that shows only an icon, named by its label. */
export function IconButton({ label, className, children, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={className ? `hn-icon-button ${className}` : 'hn-icon-button'}
      aria-label={label}
      {...rest}
    >
      {children}
    </button>
  );
}
