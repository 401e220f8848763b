import { CloseIcon, IconButton, uiStrings } from '@honne/ui';
import { useEffect } from 'react';

import { strings } from '../../strings.ts';

/** A sent image full size; a tap anywhere or Escape closes it. */
export function ImageViewer({ src, onClose }: { src: string; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="ch-viewer" role="dialog" aria-modal="true" aria-label={strings.imageViewer} onClick={onClose}>
      <img src={src} alt={strings.image} />
      <IconButton label={uiStrings.close} autoFocus onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </div>
  );
}
