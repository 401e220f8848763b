import type { ReactNode } from 'react';

import { ChevronIcon } from './icons.tsx';

export interface ListRowProps {
  label: ReactNode;
  /** The current value, shown muted on the right. */
  value?: ReactNode;
  /** Makes the whole row a button with a chevron. */
  onClick?: () => void;
  /** A control on the right instead (a Toggle). */
  control?: ReactNode;
  leading?: ReactNode;
  /** Extra label for the button, e.g. 'を変更' so it reads 'ユーザー名を変更'. */
  actionLabel?: string;
}

/** One row of a settings-style list (use inside <ul className="hn-list">). */
export function ListRow({ label, value, onClick, control, leading, actionLabel }: ListRowProps) {
  const inner = (
    <>
      {leading ? <span className="hn-row__leading">{leading}</span> : null}
      <span className="hn-row__label">{label}</span>
      {value !== undefined ? <span className="hn-row__value">{value}</span> : null}
      {control ?? (onClick ? <ChevronIcon size={20} className="hn-row__chevron" /> : null)}
    </>
  );
  return (
    <li className="hn-row">
      {onClick ? (
        <button type="button" className="hn-row__body hn-row__body--button" onClick={onClick}>
          {inner}
          {actionLabel ? <span className="hn-visually-hidden">{actionLabel}</span> : null}
        </button>
      ) : control ? (
        // The row's words label its control: tapping them flips a Toggle as tapping it does (walk #7).
        <label className="hn-row__body">{inner}</label>
      ) : (
        <div className="hn-row__body">{inner}</div>
      )}
    </li>
  );
}
