import { useId, type ReactNode } from 'react';

import { uiStrings } from '../strings.ts';

import { CloseIcon } from './icons.tsx';
import { useDialogFocus } from './useDialogFocus.ts';

export interface BottomSheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The spec's choice-list modals, opened from the bottom as phones expect. Render it only while open. */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const titleId = useId();
  const ref = useDialogFocus<HTMLDivElement>(onClose);
  return (
    <div
      className="hn-backdrop hn-backdrop--sheet"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={ref} className="hn-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="hn-sheet__grip" aria-hidden="true" />
        <div className="hn-sheet__head">
          <h2 className="hn-title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="hn-icon-button" aria-label={uiStrings.close} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
