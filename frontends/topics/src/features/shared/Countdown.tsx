import { getApi } from '@honne/api-client';
import { countdown } from '@honne/contracts/topics';
import { useCallback, useEffect, useRef } from 'react';

import { ticker } from '../../lib/ticker.ts';
import { strings } from '../../strings.ts';

import { TimerIcon } from './icons.tsx';

export interface CountdownProps {
  expireAtMs: number;
  /** Called once when it reaches 0 (the row leaves the list, an open screen goes back). */
  onExpire?: () => void;
  /** Hide the 残り時間 label visually (rows) but keep it for screen readers. */
  compact?: boolean;
}

/**
 * The expiry countdown of spec §4. React renders the first text; afterwards the page's one
 * ticker writes the text and style straight into this span every second, so the list around it
 * never re-renders for time passing.
 */
export function Countdown({ expireAtMs, onExpire, compact = true }: CountdownProps) {
  const expireRef = useRef(onExpire);
  expireRef.current = onExpire;
  const spanRef = useRef<HTMLSpanElement | null>(null);
  const first = countdown(expireAtMs, getApi().clock.now());
  const attach = useCallback((el: HTMLSpanElement | null) => {
    spanRef.current = el;
  }, []);
  useEffect(() => {
    const el = spanRef.current;
    if (!el) return;
    return ticker.add(el, expireAtMs, () => expireRef.current?.());
  }, [expireAtMs]);
  return (
    <span className="tp-countdown">
      <TimerIcon size={14} />
      <span className={compact ? 'hn-visually-hidden' : undefined}>{strings.remaining}</span>
      <span ref={attach} data-countdown={first.style} suppressHydrationWarning>
        {first.text}
      </span>
    </span>
  );
}
