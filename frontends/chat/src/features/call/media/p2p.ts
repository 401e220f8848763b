import type { CallTransport, TransportOptions } from './transport.ts';

/** What the two browsers exchange through the server's relay (never directly: the server pairs them). */
export type P2pSignal =
  | { kind: 'offer'; sdp: string }
  | { kind: 'answer'; sdp: string }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit };

export interface Signaller {
  send(signal: P2pSignal): Promise<void>;
  /** Signals from the partner, in order, until the returned function runs. */
  subscribe(listener: (signal: P2pSignal) => void): () => void;
}

export interface P2pOptions extends Omit<TransportOptions, 'track'> {
  /**
   * The (voice-changed) microphone. A promise when it is not ready yet: a callee's connection is
   * made while it rings, before its microphone opens; the track joins the sender when it comes.
   */
  track: MediaStreamTrack | Promise<MediaStreamTrack>;
  /**
   * The callee's connection made while it rings: an offer is only taken in (nothing flows before
   * an answer), and the answer is made by `answerNow` on the user's press, to ride on callanswer.
   */
  holdAnswer?: boolean;
  iceServers: RTCIceServer[];
  /** Anonymous calls use TURN only when TURN is configured, so neither side learns the other's address. */
  relayOnly: boolean;
  /** The caller offers; the callee answers (no glare: the server decides who is who). */
  offerer: boolean;
  signaller: Signaller;
}

export interface P2pTransport extends CallTransport {
  /**
   * A held callee's answer to the offer it took in while it rang, set as its local description
   * and handed back to be sent with the answer; null when no offer came yet (the answer then goes
   * as a signal when it does). Ends the hold either way.
   */
  answerNow(): Promise<string | null>;
  /** Ends the hold without the press (the server answered for us): an offer held is answered as a signal. */
  release(): Promise<void>;
}

/** Peer-to-peer audio: one RTCPeerConnection, offer/answer/ICE over the server's relay. */
export function createP2pTransport(opts: P2pOptions): P2pTransport {
  const pc = new RTCPeerConnection({
    iceServers: opts.iceServers,
    iceTransportPolicy: opts.relayOnly ? 'relay' : 'all',
  });
  const stream = new MediaStream();
  let track: MediaStreamTrack | null = opts.track instanceof MediaStreamTrack ? opts.track : null;
  let muted = false;
  let sender: RTCRtpSender | null = null;
  if (track) {
    stream.addTrack(track);
    sender = pc.addTrack(track, stream);
  } else if (opts.offerer) {
    // The offer needs its audio line now; the track replaces the empty one when it comes.
    sender = pc.addTransceiver('audio', { direction: 'sendrecv', streams: [stream] }).sender;
  }
  /**
   * The answerer's sender: the audio line the offer made (an answerer's addTransceiver would make
   * a line of its own, never matched to the offer's), sending from now on.
   */
  const ensureSender = () => {
    if (sender) return;
    const line = pc
      .getTransceivers()
      .find((t) => t.receiver.track.kind === 'audio' && t.currentDirection !== 'stopped');
    if (!line) return;
    line.direction = 'sendrecv';
    sender = line.sender;
    sender.setStreams?.(stream);
    if (track) void sender.replaceTrack(track);
  };
  // Candidates that arrive before the remote description wait here.
  const early: RTCIceCandidateInit[] = [];
  let closed = false;
  let holding = opts.holdAnswer === true;
  // The one answer of this connection, once begun (by the offer, the press or the release).
  let answering: Promise<string> | null = null;

  const fail = (error: unknown) => {
    if (closed) return;
    console.error('p2p call failed', error);
    opts.onState('failed');
  };

  pc.onicecandidate = (e) => {
    if (e.candidate) opts.signaller.send({ kind: 'candidate', candidate: e.candidate.toJSON() }).catch(fail);
  };
  pc.ontrack = (e) => {
    opts.output.srcObject = e.streams[0] ?? new MediaStream([e.track]);
    void opts.output.play().catch(() => undefined);
  };
  pc.onconnectionstatechange = () => {
    if (closed) return;
    if (pc.connectionState === 'connected') opts.onState('connected');
    else if (pc.connectionState === 'failed') opts.onState('failed');
    else if (pc.connectionState === 'connecting') opts.onState('connecting');
  };

  const flush = async () => {
    for (const c of early.splice(0)) await pc.addIceCandidate(c);
  };

  const makeAnswer = () =>
    (answering ??= (async () => {
      ensureSender();
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      return answer.sdp ?? '';
    })());

  // The microphone joins whenever it is ready (the caller's usually is before the call is placed).
  if (!track) {
    void Promise.resolve(opts.track).then((t) => {
      if (closed) return;
      track = t;
      t.enabled = !muted;
      stream.addTrack(t);
      if (sender) return sender.replaceTrack(t);
    }, fail);
  }

  const off = opts.signaller.subscribe((signal) => {
    void (async () => {
      if (closed) return;
      if (signal.kind === 'offer' && !opts.offerer) {
        await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
        await flush();
        if (holding || answering) return;
        await opts.signaller.send({ kind: 'answer', sdp: await makeAnswer() });
      } else if (signal.kind === 'answer' && opts.offerer && pc.signalingState === 'have-local-offer') {
        await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await flush();
      } else if (signal.kind === 'candidate') {
        if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate);
        else early.push(signal.candidate);
      }
    })().catch(fail);
  });

  return {
    async start() {
      opts.onState('connecting');
      if (!opts.offerer) return;
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      await opts.signaller.send({ kind: 'offer', sdp: offer.sdp ?? '' });
    },
    async answerNow() {
      holding = false;
      if (closed || answering || pc.signalingState !== 'have-remote-offer') return null;
      return makeAnswer();
    },
    async release() {
      holding = false;
      if (closed || answering || pc.signalingState !== 'have-remote-offer') return;
      await opts.signaller.send({ kind: 'answer', sdp: await makeAnswer() });
    },
    setMuted(m) {
      muted = m;
      if (track) track.enabled = !m;
    },
    setVolume(volume) {
      opts.output.volume = volume;
    },
    close() {
      if (closed) return;
      closed = true;
      off();
      pc.close();
      opts.output.srcObject = null;
      opts.onState('closed');
    },
  };
}
