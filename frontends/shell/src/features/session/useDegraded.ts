import { useEffect, useState } from 'react';

import { getApi } from '@honne/api-client';

/**
 * A socket that has not come back after this long is an outage worth saying, not a blip (a
 * reconnect after a deploy or a network change takes a second or two).
 */
export const RECONNECT_GRACE_MS = 5_000;

/**
 * True while the gateway says it lost Redis or NATS (`system.status`), or while the real-time
 * socket has been trying to reconnect for RECONNECT_GRACE_MS: messages are then stored but
 * arrive late, and the shell says so. Goes false by itself once the gateway or socket is back.
 */
export function useDegraded(): boolean {
  const hub = getApi().realtime;
  const [partsDown, setPartsDown] = useState(hub.systemDown.length > 0);
  const [longReconnect, setLongReconnect] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStatus = (status: typeof hub.status) => {
      if (status !== 'reconnecting') {
        clearTimeout(timer);
        timer = undefined;
        setLongReconnect(false);
      } else if (!timer) {
        timer = setTimeout(() => setLongReconnect(true), RECONNECT_GRACE_MS);
      }
    };
    onStatus(hub.status);
    setPartsDown(hub.systemDown.length > 0);
    const offStatus = hub.onStatus(onStatus);
    const offSystem = hub.onSystemStatus((down) => setPartsDown(down.length > 0));
    return () => {
      clearTimeout(timer);
      offStatus();
      offSystem();
    };
  }, [hub]);

  return partsDown || longReconnect;
}
