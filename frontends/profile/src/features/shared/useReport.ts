import { useCallback } from 'react';

import { usePopup } from '@honne/ui';

import { showError, type ShownError } from './errors.ts';

/**
 * Routes a failed call's message (spec §8): field errors back to the form, everything the form
 * cannot show in a popup (offline, 想定しないエラーが発生しました。, a refusal such as the
 * sub-characters message); a signed-in 401 is left to the shell.
 */
export function useReport() {
  const popup = usePopup();
  return useCallback(
    (error: unknown, fields: readonly string[] = []): ShownError => {
      const shown = showError(error, fields);
      const message = shown.popup ?? shown.formError;
      if (message) void popup.alert(message);
      return shown;
    },
    [popup],
  );
}
