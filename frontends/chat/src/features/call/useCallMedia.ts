import { createVoiceChanger, DEFAULT_VOICE_SETTINGS, type VoiceChanger, type VoiceSettings } from '@honne/ui';
import { CALL_TIMERS } from '@honne/contracts/calls';
import { useCallback, useEffect, useRef, useState } from 'react';

import { callApi, type MediaPlan } from './call-api.ts';
import { createLiveKitTransport } from './media/livekit.ts';
import { openMicrophone } from './media/microphone.ts';
import { createP2pTransport } from './media/p2p.ts';
import type { CallTransport, MediaState } from './media/transport.ts';
import { hasMedia, type CallSession } from './model.ts';

interface Live {
  roomId: string;
  ctx: AudioContext;
  changer: VoiceChanger;
  transport: CallTransport;
}

/**
 * The call's audio: the microphone (opened before the call is placed or answered, spec §4), the
 * voice changer, and the transport the server chose. Media runs while the server says the call is
 * in a media state, and everything is released when it leaves it.
 */
export function useCallMedia(
  call: CallSession | null,
  opts: { voice: VoiceSettings | null; volume: number; output: HTMLAudioElement | null },
) {
  const mic = useRef<MediaStreamTrack | null>(null);
  const live = useRef<Live | null>(null);
  const [muted, setMuted] = useState(false);
  const [mediaState, setMediaState] = useState<MediaState | null>(null);

  /** Opens the microphone; throws MicError when it is refused, absent or the page is not secure. */
  const prepare = useCallback(async () => {
    if (mic.current?.readyState === 'live') return;
    mic.current = await openMicrophone();
  }, []);

  const release = useCallback(() => {
    if (live.current) {
      live.current.transport.close();
      live.current.changer.close();
      void live.current.ctx.close();
      live.current = null;
    }
    mic.current?.stop();
    mic.current = null;
    setMuted(false);
    setMediaState(null);
  }, []);

  const callRef = useRef(call);
  callRef.current = call;
  const callId = call?.id ?? null;
  const roomId = call?.room_id ?? null;
  const active = call ? hasMedia(call.state) : false;
  const output = opts.output;
  // Read when media starts: a slider change mid-call is for the next call.
  const voiceRef = useRef(opts.voice);
  voiceRef.current = opts.voice;

  useEffect(() => {
    const c = callRef.current;
    if (!active || !c || !output || live.current) return;
    let cancelled = false;
    void (async () => {
      try {
        if (!mic.current || mic.current.readyState !== 'live') mic.current = await openMicrophone();
        // The plan is a round trip and the voice changer loads its worklet: both at once (call set-up
        // time, bench/README.md "Calls").
        const ctx = new AudioContext();
        const [plan, changer]: [MediaPlan, VoiceChanger] = await Promise.all([
          callApi.mediaPlan(c),
          createVoiceChanger(ctx, mic.current, voiceRef.current ?? DEFAULT_VOICE_SETTINGS),
        ]);
        if (cancelled) {
          changer.close();
          void ctx.close();
          return;
        }
        const onState = (s: MediaState) => {
          if (cancelled) return;
          setMediaState(s);
          // p2p: the server learns from each side that audio flows (LiveKit tells it by webhook).
          if (plan.mode === 'p2p' && (s === 'connected' || s === 'failed'))
            void callApi.reportMedia(c.room_id, c.id, s).catch(() => undefined);
        };
        const base = { track: changer.track, output, onState };
        const transport =
          plan.mode === 'livekit'
            ? createLiveKitTransport({ ...base, serverUrl: plan.serverUrl, token: plan.token })
            : createP2pTransport({
                ...base,
                iceServers: plan.iceServers,
                relayOnly: plan.relayOnly,
                offerer: c.offerer,
                signaller: callApi.signaller(c.id),
              });
        live.current = { roomId: c.room_id, ctx, changer, transport };
        await transport.start();
      } catch (error) {
        console.error('call media failed', error);
        if (!cancelled) setMediaState('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [active, callId, output]);

  // p2p: 'alive' every 5 s while connected, or the server takes this side as gone.
  const transport = call?.transport;
  useEffect(() => {
    if (mediaState !== 'connected' || transport !== 'p2p' || !roomId || !callId) return;
    const timer = setInterval(
      () => void callApi.reportMedia(roomId, callId, 'alive').catch(() => undefined),
      CALL_TIMERS.aliveEveryMs,
    );
    return () => clearInterval(timer);
  }, [mediaState, transport, roomId, callId]);

  // Leaving the media states (ended, refused, reset) releases everything.
  useEffect(() => {
    if (!active && live.current) release();
  }, [active, release]);
  useEffect(() => release, [release]);

  useEffect(() => {
    live.current?.transport.setVolume(opts.volume);
    if (output) output.volume = opts.volume;
  }, [opts.volume, output]);

  const toggleMute = useCallback(() => {
    setMuted((m) => {
      live.current?.transport.setMuted(!m);
      return !m;
    });
  }, []);

  return { prepare, release, muted, toggleMute, mediaState };
}
