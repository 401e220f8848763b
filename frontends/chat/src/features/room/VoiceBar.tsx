import { getApi } from '@honne/api-client';
import type { Room } from '@honne/contracts/chat';
import { useEffect, useState } from 'react';

import { strings } from '../../strings.ts';
import { formatElapsed } from '../call/model.ts';

/** An hour or less left: the spec's warning colour for a voice about to go. */
const WARN_MS = 60 * 60_000;

/**
 * Which voice the room is about (walk #11) and the time it has left (walk #10), ticking each second
 * in this bar only. At zero the room says the voice's time is over, without waiting for the server.
 */
export function VoiceBar({ topic, onExpired }: { topic: NonNullable<Room['topic']>; onExpired: () => void }) {
  const expireAt = topic.expire_at ? Date.parse(topic.expire_at) : null;
  // The server's time (countdowns read api.clock, not the phone's clock).
  const [now, setNow] = useState(() => getApi().clock.now());
  useEffect(() => {
    if (expireAt === null) return;
    const timer = setInterval(() => setNow(getApi().clock.now()), 1000);
    return () => clearInterval(timer);
  }, [expireAt]);
  const left = expireAt === null ? null : expireAt - now;
  useEffect(() => {
    if (left !== null && left <= 0) onExpired();
  }, [left, onExpired]);
  if (!topic.title) return null;
  return (
    <p className="ch-voice-title" data-testid="room-voice-title">
      <span className="ch-voice-title__name">{strings.roomVoice(topic.title)}</span>
      {left !== null && left > 0 ? (
        <span
          className={`ch-voice-title__left hn-num${left <= WARN_MS ? ' ch-voice-title__left--warn' : ''}`}
          data-testid="room-voice-left"
        >
          {strings.voiceLeft(formatElapsed(left))}
        </span>
      ) : null}
    </p>
  );
}
