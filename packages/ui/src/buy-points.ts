import { useCallback } from 'react';

import { usePopup } from './components/PopupProvider.tsx';
import { uiStrings } from './strings.ts';

/** /manage-point with its add-points sheet open: where every "not enough points" leads (issue 33). */
export const BUY_POINTS_PATH = '/manage-point?add=1';

/**
 * A "not enough points" message that offers the way on: 「ポイントを追加する」 opens the add-points
 * sheet, 「閉じる」 stays. Resolves true when the person went to buy.
 */
export function useOfferToBuy(navigate: (to: string) => void): (message: string) => Promise<boolean> {
  const popup = usePopup();
  return useCallback(
    async (message: string) => {
      const buy = await popup.confirm({
        message,
        confirmLabel: uiStrings.buyPoints,
        cancelLabel: uiStrings.close,
      });
      if (buy) navigate(BUY_POINTS_PATH);
      return buy;
    },
    [popup, navigate],
  );
}
