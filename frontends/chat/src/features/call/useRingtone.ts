import { useEffect, useState } from 'react';

import { playRingtone, playStartTone, volumeGain } from './lib/tones.ts';
import type { CallSession } from './model.ts';

export interface RingSettings {
  /** あいさつ通話設定: play the caller's greeting on the ring screen. */
  voiceCall: boolean;
  callRingtone: boolean;
  /** 0–100 */
  callVolume: number;
}

/**
 * What the user hears around the talk: the callee's greeting-then-ringtone while receiving, the
 * caller's ringback while calling, and the anonymous start tone (7 s) once connected. Returns
 * whether the greeting is playing (announced as 'メッセージを再生しています。').
 */
export function useRingtone(call: CallSession | null, settings: RingSettings, greeting: string | null): boolean {
  const [greetingPlaying, setGreetingPlaying] = useState(false);
  const state = call?.state;
  const anonymous = call?.anonymous ?? false;
  const { voiceCall, callRingtone, callVolume } = settings;

  useEffect(() => {
    if (state === 'calling') return playRingtone({ enabled: callRingtone, callVolume: callVolume * 0.6 });
    if (state !== 'receiving') return;
    let stopRing: () => void = () => undefined;
    const ring = () => {
      stopRing = playRingtone({ enabled: callRingtone, callVolume });
    };
    if (!greeting || !voiceCall) {
      ring();
      return () => stopRing();
    }
    // The greeting first, then the ringtone for as long as the call keeps ringing.
    const audio = new Audio(greeting);
    audio.volume = volumeGain(callVolume) || 0;
    audio.onended = () => {
      setGreetingPlaying(false);
      ring();
    };
    setGreetingPlaying(true);
    audio.play().catch(() => {
      // Autoplay refused (no user gesture yet on this page): ring instead of staying silent.
      setGreetingPlaying(false);
      ring();
    });
    return () => {
      audio.onended = null;
      audio.pause();
      audio.removeAttribute('src');
      setGreetingPlaying(false);
      stopRing();
    };
  }, [state, greeting, voiceCall, callRingtone, callVolume]);

  useEffect(() => {
    if (state === 'connected' && anonymous) return playStartTone({ callVolume });
  }, [state, anonymous, callVolume]);

  return greetingPlaying;
}
