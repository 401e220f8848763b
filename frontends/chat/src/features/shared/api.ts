import { getApi, isApiError, userMessage } from '@honne/api-client';
import { useOfferToBuy, usePopup } from '@honne/ui';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

/** The page's one API client (shared with the shell: same session, same 401 handler). */
export const client = () => getApi().client;

/**
 * Shows the spec's popup for a failed call: offline → 'ネットワークに接続されていません。', a 4xx
 * with a Japanese message (or field error) → that message, else '想定しないエラーが発生しました。'.
 * 401 is the shell's (it logs out). Too few points offers the way to buy (walk #20), wherever the
 * refusal comes from (a bonus, a paid call's approval, a gift).
 */
export function useFail() {
  const popup = usePopup();
  const [, navigate] = useLocation();
  const offerToBuy = useOfferToBuy(navigate);
  return useCallback(
    (error: unknown): Promise<void> => {
      if (isApiError(error)) {
        if (error.kind === 'unauthorized') return Promise.resolve();
        if (error.code === 'points_insufficient' || error.code === 'insufficient_points')
          return offerToBuy(error.message).then(() => undefined);
        const field = Object.values(error.fieldErrors ?? {})[0];
        if (error.kind === 'http' && error.status < 500 && field) return popup.alert(String(field));
      } else console.error(error);
      return popup.alert(userMessage(error));
    },
    [popup, offerToBuy],
  );
}
