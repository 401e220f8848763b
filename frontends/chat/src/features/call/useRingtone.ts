import { CALL_TIMERS } from '@honne/contracts/calls';
import { useEffect, useRef, useState } from 'react';

import { playRingtone, playStartTone, volumeGain } from './lib/tones.ts';
import type { CallSession } from './model.ts';

/** A connected call older than this when first seen was restored, not just connected. */
const RESTORED_AFTER_MS = 3000;

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
 * whether the greeting is playing (announced as 'メッセージを再生しています。') and whether the
 * anonymous start prompt is on (spec §4: '通話を開始してください。' with the tone, gone after it).
 */
export function useRingtone(
  call: CallSession | null,
  settings: RingSettings,
  greeting: string | null,
): { greetingPlaying: boolean; startPrompt: boolean } {
  const [greetingPlaying, setGreetingPlaying] = useState(false);
  const [startPrompt, setStartPrompt] = useState(false);
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

  // The tone plays once per connection at the volume of that moment (a slider change does not
  // replay it); the prompt lasts as long as the tone.
  const volumeRef = useRef(callVolume);
  volumeRef.current = callVolume;
  const agoRef = useRef(call?.connected_ago_ms ?? null);
  agoRef.current = call?.connected_ago_ms ?? null;
  useEffect(() => {
    if (state !== 'connected' || !anonymous) return;
    // A call found already connected (a reloaded page) had its start: no second tone or prompt.
    if ((agoRef.current ?? 0) > RESTORED_AFTER_MS) return;
    const stop = playStartTone({ callVolume: volumeRef.current });
    setStartPrompt(true);
    const timer = setTimeout(() => setStartPrompt(false), CALL_TIMERS.anonymousToneMs);
    return () => {
      clearTimeout(timer);
      setStartPrompt(false);
      stop();
    };
  }, [state, anonymous]);

  return { greetingPlaying, startPrompt };
}
