import { getApi } from '@honne/api-client';
import { messagePreview, type Message } from '@honne/contracts/chat';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';

import { isIncomingMessage } from './arrival-sound.ts';

/** How long a banner stays when nobody taps it. */
const SHOW_MS = 5000;

/**
 * A message that arrives while the user is on another screen shows a banner at the top for a few
 * seconds, naming who wrote (as the room names them: 匿名さん stays anonymous) and what; a tap opens
 * the room (walk #9: a number on the 履歴 tab was the only sign). The open room itself shows none.
 */
export function ArrivalBanner() {
  const [location, navigate] = useLocation();
  const [shown, setShown] = useState<Message | null>(null);
  useEffect(
    () =>
      getApi().realtime.on('messageCreated', (m, event) => {
        if (!isIncomingMessage(event) || window.location.pathname === `/chat/${m.room_id}`) return;
        // A message that arrives read is no news: the record of a call the user just took part in.
        if (m.is_read) return;
        setShown(m);
      }),
    [],
  );
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  // Opening the room by any way ends its banner.
  useEffect(() => {
    if (shown && location === `/chat/${shown.room_id}`) setShown(null);
  }, [location, shown]);
  if (!shown) return null;
  const from = shown.is_anonymous || !shown.user_name ? strings.anonymous : `${shown.user_name}さん`;
  return (
    <div className="hn-arrival" role="status" aria-live="polite">
      <button
        type="button"
        className="hn-arrival__body"
        data-testid="arrival-banner"
        onClick={() => {
          setShown(null);
          navigate(`/chat/${shown.room_id}`);
        }}
      >
        <span className="hn-arrival__from">{strings.arrivalFrom(from)}</span>
        <span className="hn-arrival__text">{messagePreview(shown)}</span>
      </button>
    </div>
  );
}
