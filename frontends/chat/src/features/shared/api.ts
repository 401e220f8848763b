import { getApi, isApiError, userMessage } from '@honne/api-client';
import { usePopup } from '@honne/ui';
import { useCallback } from 'react';

/** The page's one API client (shared with the shell: same session, same 401 handler). */
export const client = () => getApi().client;

/**
 * Shows the spec's popup for a failed call: offline → 'ネットワークに接続されていません。', a 4xx
 * with a Japanese message (or field error) → that message, else '想定しないエラーが発生しました。'.
 * 401 is the shell's (it logs out).
 */
export function useFail() {
  const popup = usePopup();
  return useCallback(
    (error: unknown): Promise<void> => {
      if (isApiError(error)) {
        if (error.kind === 'unauthorized') return Promise.resolve();
        const field = Object.values(error.fieldErrors ?? {})[0];
        if (error.kind === 'http' && error.status < 500 && field) return popup.alert(String(field));
      } else console.error(error);
      return popup.alert(userMessage(error));
    },
    [popup],
  );
}
