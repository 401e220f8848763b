import { createVoiceChanger, DEFAULT_VOICE_SETTINGS, type VoiceChanger, type VoiceSettings } from '@honne/ui';
import { CALL_TIMERS, type CallView } from '@honne/contracts/calls';
import { useCallback, useEffect, useRef, useState } from 'react';

import { callApi, type MediaPlan } from './call-api.ts';
import { createLiveKitTransport } from './media/livekit.ts';
import { openMicrophone } from './media/microphone.ts';
import { createP2pTransport } from './media/p2p.ts';
import type { CallTransport, MediaState } from './media/transport.ts';
import { hasMedia, type CallSession } from './model.ts';

/** The voice changer of one call: kept across its media sessions (its worklet loads once). */
interface CallAudio {
  callId: string;
  ctx: AudioContext;
  changer: Promise<VoiceChanger>;
}

/** The transport of one media session of a call. */
interface Live {
  callId: string;
  epoch: number;
  transport: CallTransport;
}

/**
 * An AudioContext made without a user gesture (a page reloaded mid-call) starts suspended in most
 * browsers: the first tap or key anywhere resumes it, so the partner hears the voice again.
 */
function resumeOnGesture(ctx: AudioContext): void {
  if (ctx.state !== 'suspended') return;
  const resume = () => {
    void ctx.resume();
    window.removeEventListener('pointerdown', resume, true);
    window.removeEventListener('keydown', resume, true);
  };
  window.addEventListener('pointerdown', resume, true);
  window.addEventListener('keydown', resume, true);
}

/**
 * The call's audio: the microphone (opened before the call is placed or answered, spec §4), the
 * voice changer, and the transport the server chose. Media runs while the server says the call is
 * in a media state, and everything is released when it leaves it. Peer to peer, each media
 * session (CallView.media_epoch) has its own connection: a page that finds a connected call it
 * has no connection for (a reload) asks the server for a new session, and both sides build it.
 */
export function useCallMedia(
  call: CallSession | null,
  opts: {
    voice: VoiceSettings | null;
    volume: number;
    output: HTMLAudioElement | null;
    /** The call as the server answered a report (a rejoin's new media session). */
    onView?: (view: CallView) => void;
  },
) {
  const mic = useRef<MediaStreamTrack | null>(null);
  const audio = useRef<CallAudio | null>(null);
  const live = useRef<Live | null>(null);
  const rejoin = useRef<{ callId: string; from: number } | null>(null);
  const [muted, setMuted] = useState(false);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const [mediaState, setMediaState] = useState<MediaState | null>(null);

  /** Opens the microphone; throws MicError when it is refused, absent or the page is not secure. */
  const prepare = useCallback(async () => {
    if (mic.current?.readyState === 'live') return;
    mic.current = await openMicrophone();
  }, []);

  const closeAudio = () => {
    const a = audio.current;
    audio.current = null;
    if (!a) return;
    void a.changer.then((c) => c.close()).catch(() => undefined);
    void a.ctx.close();
  };

  const release = useCallback(() => {
    live.current?.transport.close();
    live.current = null;
    closeAudio();
    mic.current?.stop();
    mic.current = null;
    setMuted(false);
    setMediaState(null);
  }, []);

  const callRef = useRef(call);
  callRef.current = call;
  const callId = call?.id ?? null;
  const roomId = call?.room_id ?? null;
  const epoch = call?.media_epoch ?? 0;
  const active = call ? hasMedia(call.state) : false;
  const output = opts.output;
  // Read when media starts: a slider change mid-call is for the next call.
  const voiceRef = useRef(opts.voice);
  voiceRef.current = opts.voice;
  const onViewRef = useRef(opts.onView);
  onViewRef.current = opts.onView;

  useEffect(() => {
    const c = callRef.current;
    if (!active || !c || !output) return;
    const cur = live.current;
    if (cur && cur.callId === c.id && cur.epoch === c.media_epoch) return;
    if (!cur && c.state === 'connected' && c.transport === 'p2p') {
      // Connected, and this page holds no connection (it reloaded): a new session first.
      if (rejoin.current?.callId !== c.id) {
        rejoin.current = { callId: c.id, from: c.media_epoch };
        void callApi
          .reportMedia(c.room_id, c.id, 'rejoin')
          .then((v) => onViewRef.current?.(v))
          .catch(() => undefined);
        return;
      }
      if (c.media_epoch <= rejoin.current.from) return;
    }
    // An earlier session of this call (the partner rejoined, or our connection failed) makes way.
    if (cur) {
      cur.transport.close();
      live.current = null;
    }
    if (audio.current && audio.current.callId !== c.id) closeAudio();
    let cancelled = false;
    void (async () => {
      try {
        if (!mic.current || mic.current.readyState !== 'live') mic.current = await openMicrophone();
        if (!audio.current) {
          const ctx = new AudioContext();
          resumeOnGesture(ctx);
          const track = mic.current;
          audio.current = {
            callId: c.id,
            ctx,
            changer: createVoiceChanger(ctx, track, voiceRef.current ?? DEFAULT_VOICE_SETTINGS),
          };
        }
        // The plan is a round trip and the voice changer loads its worklet: both at once (call set-up
        // time, bench/README.md "Calls").
        const [plan, changer]: [MediaPlan, VoiceChanger] = await Promise.all([
          callApi.mediaPlan(c),
          audio.current.changer,
        ]);
        if (cancelled) return;
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
                signaller: callApi.signaller(c.id, c.media_epoch),
              });
        transport.setMuted(mutedRef.current);
        live.current = { callId: c.id, epoch: c.media_epoch, transport };
        await transport.start();
      } catch (error) {
        console.error('call media failed', error);
        if (!cancelled) setMediaState('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [active, callId, epoch, output]);

  // p2p: 'alive' every 5 s while the call is connected (this page is in it, whatever its
  // connection is doing: a failed one is rebuilt, a page that is gone falls silent).
  const transport = call?.transport;
  const connected = call?.state === 'connected';
  useEffect(() => {
    if (!connected || transport !== 'p2p' || !roomId || !callId) return;
    const timer = setInterval(
      () => void callApi.reportMedia(roomId, callId, 'alive').catch(() => undefined),
      CALL_TIMERS.aliveEveryMs,
    );
    return () => clearInterval(timer);
  }, [connected, transport, roomId, callId]);

  // Leaving the media states (ended, refused, reset) releases everything.
  useEffect(() => {
    if (!active && (live.current || audio.current)) release();
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
