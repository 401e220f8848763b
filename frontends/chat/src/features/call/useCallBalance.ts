import { getApi, onBalanceChanged } from '@honne/api-client';
import { pointsEndpoints } from '@honne/contracts/points';
import { useEffect, useState } from 'react';

import { client } from '../shared/api.ts';

/**
 * The user's balance while a paid call is up (spec §2: the minimised bar shows it): read once when
 * the call starts, then from the socket, which hears each minute's charge as the ledger writes it.
 */
export function useCallBalance(paidCall: boolean): number | null {
  const [balance, setBalance] = useState<number | null>(null);
  useEffect(() => {
    if (!paidCall) {
      setBalance(null);
      return;
    }
    let alive = true;
    client()
      .call(pointsEndpoints.balance, {})
      .then((b) => {
        if (alive) setBalance((now) => now ?? b.data.balance);
      })
      .catch(() => undefined);
    const off = onBalanceChanged(getApi().realtime, setBalance);
    return () => {
      alive = false;
      off();
    };
  }, [paidCall]);
  return balance;
}
