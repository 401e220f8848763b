import { useEffect } from 'react';

import { strings } from '../../../strings.ts';
import { PhoneIcon } from '../../shared/icons.tsx';
import type { CallSession } from '../model.ts';

import { Elapsed } from './Elapsed.tsx';

const t = strings.calls;

/** Spec §2: over every page while calling or connected; 'tap to return to the talk screen' (+ points when paid). */
export function MinimisedBar({
  call,
  balance,
  onOpen,
}: {
  call: CallSession;
  balance: number | null;
  onOpen: () => void;
}) {
  // While the bar is up, pages start below it: it covered their header (walk #39).
  useEffect(() => {
    document.documentElement.classList.add('cl-bar-open');
    return () => document.documentElement.classList.remove('cl-bar-open');
  }, []);
  return (
    <button type="button" className="cl-bar" onClick={onOpen}>
      <PhoneIcon size={18} />
      <span>{t.returnToTalk}</span>
      <span>
        {balance !== null && call.price > 0 ? `${t.balance(balance)} ` : ''}
        {call.state === 'connected' && call.connected_at ? <Elapsed since={call.connected_at} /> : t.calling}
      </span>
    </button>
  );
}
