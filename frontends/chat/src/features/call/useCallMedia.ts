import {
  createVoiceChanger,
  DEFAULT_VOICE_SETTINGS,
  loadVoiceWorklet,
  type VoiceChanger,
  type VoiceSettings,
} from '@honne/ui';
import { CALL_TIMERS, type CallView } from '@honne/contracts/calls';
import { useCallback, useEffect, useRef, useState } from 'react';

import { callApi, type MediaPlan } from './call-api.ts';
import { closeContext } from './lib/tones.ts';
import { openMicrophone } from './media/microphone.ts';
import { createP2pTransport, type P2pTransport, type Signaller } from './media/p2p.ts';
import type { CallTransport, MediaState } from './media/transport.ts';
import { hasMedia, type CallSession } from './model.ts';

/**
 * The audio graph of one call: made while it rings (the context and the voice changer's worklet
 * need no microphone), the changer once the microphone is open, kept across media sessions.
 */
interface CallAudio {
  callId: string;
  ctx: AudioContext;
  worklet: Promise<void>;
  changer: Promise<VoiceChanger> | null;
}

/** Something that happens once: the answer, which lets the callee's signals go out. */
interface Gate {
  callId: string;
  open: () => void;
  opened: Promise<void>;
}
const gate = (callId: string): Gate => {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { callId, open, opened };
};

/**
 * The callee's signals wait for the gate: the server relays nothing of the callee's before the
 * call is answered (the caller's offer and candidates it relays while it rings, ADR 0040).
 */
const gated = (inner: Signaller, g: Gate): Signaller => ({
  send: async (signal) => {
    await g.opened;
    await inner.send(signal);
  },
  subscribe: inner.subscribe,
});

const ANSWERED: readonly CallSession['state'][] = ['waiting_connect', 'connecting', 'connected'];

/** The transport of one media session of a call. */
interface Live {
  callId: string;
  epoch: number;
  transport: CallTransport;
  /** Peer to peer: the same transport, with the callee's held answer. */
  p2p?: P2pTransport;
}

/** The callee's voice, promised to its connection made while it rang, given once it answers. */
interface HeldVoice {
  callId: string;
  track: Promise<MediaStreamTrack>;
  give: () => void;
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
  /** The microphone being opened: the press and the held voice ask at the same time, and share it. */
  const opening = useRef<Promise<MediaStreamTrack> | null>(null);
  const audio = useRef<CallAudio | null>(null);
  const live = useRef<Live | null>(null);
  const rejoin = useRef<{ callId: string; from: number } | null>(null);
  const plan = useRef<{ key: string; plan: Promise<MediaPlan> } | null>(null);
  const answered = useRef<Gate | null>(null);
  const held = useRef<HeldVoice | null>(null);
  /** The call this page's user pressed answer on (its connection holds nothing after that). */
  const pressed = useRef<string | null>(null);
  const [muted, setMuted] = useState(false);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const [mediaState, setMediaState] = useState<MediaState | null>(null);

  /**
   * Opens the microphone, once however many ask at the same time; throws MicError when it is
   * refused, absent or the page is not secure.
   */
  const openMic = useCallback(async (): Promise<MediaStreamTrack> => {
    if (mic.current?.readyState === 'live') return mic.current;
    opening.current ??= openMicrophone().then(
      (track) => {
        opening.current = null;
        mic.current = track;
        return track;
      },
      (error: unknown) => {
        opening.current = null;
        throw error;
      },
    );
    return opening.current;
  }, []);

  /** On the user's press (send, answer): the microphone, and a context made while ringing may play. */
  const prepare = useCallback(async () => {
    if (audio.current?.ctx.state === 'suspended') void audio.current.ctx.resume();
    await openMic();
  }, [openMic]);

  const closeAudio = useCallback(() => {
    const a = audio.current;
    audio.current = null;
    if (!a) return;
    void a.changer?.then((c) => c.close()).catch(() => undefined);
    closeContext(a.ctx);
  }, []);

  const release = useCallback(() => {
    live.current?.transport.close();
    live.current = null;
    plan.current = null;
    answered.current = null;
    held.current = null;
    pressed.current = null;
    closeAudio();
    mic.current?.stop();
    mic.current = null;
    opening.current = null;
    setMuted(false);
    setMediaState(null);
  }, [closeAudio]);

  const callRef = useRef(call);
  callRef.current = call;
  const callId = call?.id ?? null;
  const roomId = call?.room_id ?? null;
  const epoch = call?.media_epoch ?? 0;
  const state = call?.state ?? 'none';
  // Media starts while it rings (call set-up time, bench/README.md "Calls", ADR 0040). The caller:
  // LiveKit joins the room (the server allows the caller in while it rings), peer to peer the
  // connection is made and its offer and candidates go to the ringing callee's page. The callee,
  // peer to peer: its connection takes the offer in, without a microphone and without answering
  // (nothing flows before an answer), so the answer is made on the press and rides on callanswer.
  const early =
    (state === 'calling' && call?.role === 'caller') ||
    (state === 'receiving' && call?.role === 'callee' && call.transport === 'p2p');
  const active = call ? hasMedia(call.state) || early : false;
  const ringing = state === 'calling' || state === 'receiving';
  const output = opts.output;
  // Read when media starts: a slider change mid-call is for the next call.
  const voiceRef = useRef(opts.voice);
  voiceRef.current = opts.voice;
  const onViewRef = useRef(opts.onView);
  onViewRef.current = opts.onView;

  /** The call's audio context and worklet, made once per call (no microphone needed). */
  const warmAudio = useCallback(
    (id: string): CallAudio => {
      if (audio.current && audio.current.callId !== id) closeAudio();
      if (!audio.current) {
        const ctx = new AudioContext();
        resumeOnGesture(ctx);
        audio.current = { callId: id, ctx, worklet: loadVoiceWorklet(ctx).catch(() => undefined), changer: null };
      }
      return audio.current;
    },
    [closeAudio],
  );

  /** The media plan (ICE servers, or a LiveKit token), asked once per call and media session. */
  const planOf = useCallback((c: CallSession): Promise<MediaPlan> => {
    // ICE servers serve every session of the call; a LiveKit token, its one join per page.
    const key = c.transport === 'p2p' ? c.id : `${c.id}:${c.media_epoch}`;
    if (plan.current?.key !== key) {
      const asked = callApi.mediaPlan(c);
      asked.catch(() => {
        if (plan.current?.plan === asked) plan.current = null;
      });
      plan.current = { key, plan: asked };
    }
    return plan.current.plan;
  }, []);

  /** The voice-changed microphone of the call (the microphone opened if it is not yet). */
  const voiceOf = useCallback(
    async (id: string): Promise<MediaStreamTrack> => {
      const a = warmAudio(id);
      const track = await openMic();
      a.changer ??= a.worklet.then(() => createVoiceChanger(a.ctx, track, voiceRef.current ?? DEFAULT_VOICE_SETTINGS));
      return (await a.changer).track;
    },
    [warmAudio, openMic],
  );

  /** The callee's voice promised to the connection made while it rang (given at most once). */
  const heldVoice = useCallback(
    (id: string): HeldVoice => {
      if (held.current?.callId === id) return held.current;
      let resolve: (t: MediaStreamTrack) => void = () => undefined;
      let reject: (e: unknown) => void = () => undefined;
      const track = new Promise<MediaStreamTrack>((res, rej) => ((resolve = res), (reject = rej)));
      let given = false;
      const give = () => {
        if (given) return;
        given = true;
        voiceOf(id).then(resolve, reject);
      };
      held.current = { callId: id, track, give };
      return held.current;
    },
    [voiceOf],
  );

  /**
   * On the callee's press (beside `prepare`): its voice goes to the connection made while it rang,
   * and the answer to the offer it took in is made now, to ride on callanswer; null when there is
   * none (no offer yet, LiveKit): the answer then goes as a signal.
   */
  const answerSdp = useCallback(async (): Promise<string | null> => {
    const c = callRef.current;
    if (!c || c.role !== 'callee' || c.transport !== 'p2p') return null;
    pressed.current = c.id;
    const cur = live.current;
    // The answer is made while the microphone opens (it needs no track); the voice is promised to the
    // connection only once the microphone is open, so a refused one fails the press, not the connection.
    const answer = cur?.p2p && cur.callId === c.id ? cur.p2p.answerNow().catch(() => null) : null;
    await openMic();
    heldVoice(c.id).give();
    return answer;
  }, [heldVoice, openMic]);

  // Answered without the press (glare: the server answered our own call) or before the connection
  // was made: the held connection answers as a signal, and gets the voice.
  const calleeAnswered = call?.role === 'callee' && ANSWERED.includes(state);
  useEffect(() => {
    const c = callRef.current;
    if (!calleeAnswered || !c || c.transport !== 'p2p' || held.current?.callId !== c.id) return;
    held.current.give();
    if (live.current?.callId === c.id) void live.current.p2p?.release().catch(() => undefined);
  }, [calleeAnswered, callId]);

  // While it rings, both sides get ready: the audio context and worklet; the ICE servers (p2p).
  useEffect(() => {
    const c = callRef.current;
    if (!ringing || !c) return;
    warmAudio(c.id);
    if (c.transport === 'p2p') void planOf(c).catch(() => undefined);
  }, [ringing, callId, warmAudio, planOf]);

  // The answer opens the gate of the callee's signals.
  useEffect(() => {
    if (!callId) return;
    if (answered.current?.callId !== callId) answered.current = gate(callId);
    if (ANSWERED.includes(state)) answered.current.open();
  }, [callId, state]);

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
    warmAudio(c.id);
    if (!answered.current || answered.current.callId !== c.id) answered.current = gate(c.id);
    const door = answered.current;
    if (ANSWERED.includes(c.state)) door.open();
    // The callee of a ringing p2p call: its connection comes first, its voice once it answers.
    const ringingCallee = c.role === 'callee' && c.state === 'receiving' && c.transport === 'p2p';
    let cancelled = false;
    void (async () => {
      try {
        // The plan is a round trip (often asked already while it rang) and the microphone may
        // still be opening: both at once.
        const asked = planOf(c);
        const voice = ringingCallee ? heldVoice(c.id).track : voiceOf(c.id);
        if (!ringingCallee) void voice.catch(() => undefined);
        const plan = await asked;
        // Peer to peer the connection and its offer need no track (the voice joins its sender when
        // the changer's worklet is up, ~200 ms on a phone): the caller's offer leaves with 'calling'.
        // LiveKit publishes a track on joining, so it waits for the voice.
        const track = ringingCallee || plan.mode === 'p2p' ? null : await voice;
        if (cancelled) return;
        const onState = (s: MediaState) => {
          if (cancelled) return;
          setMediaState(s);
          // p2p: the server learns from each side that audio flows (LiveKit tells it by webhook).
          if (plan.mode === 'p2p' && (s === 'connected' || s === 'failed'))
            void callApi.reportMedia(c.room_id, c.id, s).catch(() => undefined);
        };
        const base = { output, onState };
        // livekit-client is most of the chat remote's weight (about 125 KB compressed): it is fetched
        // when a call goes through LiveKit, not with the overlay every signed-in page mounts.
        const livekit = plan.mode === 'livekit' ? await import('./media/livekit.ts') : null;
        if (cancelled) return;
        let transport: CallTransport;
        let p2p: P2pTransport | undefined;
        if (plan.mode === 'livekit') {
          // LiveKit never starts early on the callee's side: its voice is here.
          transport = livekit!.createLiveKitTransport({
            ...base,
            track: track!,
            serverUrl: plan.serverUrl,
            token: plan.token,
          });
        } else {
          transport = p2p = createP2pTransport({
            ...base,
            track: track ?? voice,
            // Held only while it still rings and the user has not pressed answer yet.
            holdAnswer: callRef.current?.state === 'receiving' && pressed.current !== c.id,
            iceServers: plan.iceServers,
            relayOnly: plan.relayOnly,
            offerer: c.offerer,
            signaller: c.offerer
              ? callApi.signaller(c.id, c.media_epoch)
              : gated(callApi.signaller(c.id, c.media_epoch), door),
          });
        }
        transport.setMuted(mutedRef.current);
        live.current = { callId: c.id, epoch: c.media_epoch, transport, p2p };
        await transport.start();
      } catch (error) {
        console.error('call media failed', error);
        if (!cancelled) setMediaState('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [active, callId, epoch, output, warmAudio, planOf, voiceOf, heldVoice]);

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

  // Leaving the media states (ended, refused, reset) releases everything; a ring that stops does too.
  useEffect(() => {
    if (!active && !ringing && (live.current || audio.current)) release();
  }, [active, ringing, release]);
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

  return { prepare, answerSdp, release, muted, toggleMute, mediaState };
}
