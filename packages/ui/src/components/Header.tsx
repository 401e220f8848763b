import type { ReactNode } from 'react';

import { uiStrings } from '../strings.ts';

import { BackIcon } from './icons.tsx';

export interface HeaderProps {
  title: string;
  /** Shows the back arrow (labelled 戻る) when given. */
  onBack?: () => void;
  /** An icon button or two on the right. */
  right?: ReactNode;
}

export function Header({ title, onBack, right }: HeaderProps) {
  return (
    <header className="hn-header">
      <span className="hn-header__side">
        {onBack ? (
          <button type="button" className="hn-icon-button" aria-label={uiStrings.back} onClick={onBack}>
            <BackIcon />
          </button>
        ) : null}
      </span>
      <h1 className="hn-header__title">{title}</h1>
      <span className="hn-header__side hn-header__side--end">{right}</span>
    </header>
  );
}
