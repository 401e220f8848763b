import { useEffect, useState } from 'react';

import { formatElapsed } from '../model.ts';

/**
 * The talk time, ticking every second on its own so the rest of the view does not re-render.
 * `since` is the server's connected_at; `skew` (server minus local clock) keeps both sides equal.
 */
export function Elapsed({ since, skew = 0 }: { since: string; skew?: number }) {
  const start = Date.parse(since);
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);
  return <span className="hn-num">{formatElapsed(now - start)}</span>;
}
