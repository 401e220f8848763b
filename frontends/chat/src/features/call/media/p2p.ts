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

export interface P2pOptions extends TransportOptions {
  iceServers: RTCIceServer[];
  /** Anonymous calls use TURN only when TURN is configured, so neither side learns the other's address. */
  relayOnly: boolean;
  /** The caller offers; the callee answers (no glare: the server decides who is who). */
  offerer: boolean;
  signaller: Signaller;
}

/** Peer-to-peer audio: one RTCPeerConnection, offer/answer/ICE over the server's relay. */
export function createP2pTransport(opts: P2pOptions): CallTransport {
  const pc = new RTCPeerConnection({
    iceServers: opts.iceServers,
    iceTransportPolicy: opts.relayOnly ? 'relay' : 'all',
  });
  const sender = pc.addTrack(opts.track, new MediaStream([opts.track]));
  // Candidates that arrive before the remote description wait here.
  const early: RTCIceCandidateInit[] = [];
  let closed = false;

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

  const off = opts.signaller.subscribe((signal) => {
    void (async () => {
      if (closed) return;
      if (signal.kind === 'offer' && !opts.offerer) {
        await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
        await flush();
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        await opts.signaller.send({ kind: 'answer', sdp: answer.sdp ?? '' });
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
    setMuted(muted) {
      if (sender.track) sender.track.enabled = !muted;
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
