import { usePopup } from '@honne/ui';

import { errorText } from './api.ts';
import { strings } from './strings.ts';

/** A destructive change asked first; then done, the list reloaded, and any error shown in a popup. */
export function useAskThen(reload: () => void) {
  const popup = usePopup();
  return async (ask: { title: string; message: string; confirmLabel: string }, act: () => Promise<unknown>) => {
    if (!(await popup.confirm({ ...ask, cancelLabel: strings.action.cancel, destructive: true }))) return;
    await act().then(reload, (err: unknown) => void popup.alert(errorText(err)));
  };
}
