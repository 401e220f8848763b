import { usePopup } from '@honne/ui';
import { useCallback, useRef } from 'react';

import { strings } from '../../strings.ts';

/**
 * Spec §4: when the voice on an open screen expires, say that its display time ran out and go
 * back. Returns the handler to give the screen's Countdown (and real-time expiry events).
 */
export function useExpiryReturn(goBack: () => void) {
  const popup = usePopup();
  const shown = useRef(false);
  const back = useRef(goBack);
  back.current = goBack;
  return useCallback(() => {
    if (shown.current) return;
    shown.current = true;
    void popup.alert(strings.voiceExpired).then(() => back.current());
  }, [popup]);
}
