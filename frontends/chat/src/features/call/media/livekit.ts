import { Room, RoomEvent, Track, type RemoteTrack } from 'livekit-client';

import type { CallTransport, TransportOptions } from './transport.ts';

export interface LiveKitOptions extends TransportOptions {
  serverUrl: string;
  /** A short-lived audio-only token the calls service minted for this call. */
  token: string;
}

/**
 * Audio through the LiveKit SFU. The voice-changed track is published as the microphone, so the
 * SFU (and the partner) only ever receive the changed voice; the partner's track plays into our
 * own <audio> element, which the overlay owns (volume from call_volume).
 */
export function createLiveKitTransport(opts: LiveKitOptions): CallTransport {
  const room = new Room({ adaptiveStream: false, dynacast: false, disconnectOnPageLeave: true });
  let closed = false;
  let remote: RemoteTrack | null = null;

  room.on(RoomEvent.TrackSubscribed, (track) => {
    if (track.kind !== Track.Kind.Audio) return;
    remote = track;
    track.attach(opts.output);
    void opts.output.play().catch(() => undefined);
    opts.onState('connected');
  });
  room.on(RoomEvent.TrackUnsubscribed, (track) => {
    track.detach(opts.output);
    if (track === remote) remote = null;
  });
  room.on(RoomEvent.Reconnecting, () => opts.onState('connecting'));
  room.on(RoomEvent.Reconnected, () => opts.onState(remote ? 'connected' : 'connecting'));
  room.on(RoomEvent.Disconnected, () => {
    if (!closed) opts.onState('failed');
  });

  return {
    async start() {
      opts.onState('connecting');
      await room.connect(opts.serverUrl, opts.token, { autoSubscribe: true });
      await room.localParticipant.publishTrack(opts.track, {
        source: Track.Source.Microphone,
        name: 'voice',
        // Steady packets in silence too: a muted partner still reads as connected.
        dtx: false,
      });
    },
    setMuted(muted) {
      // The track stays published and sends silence, as on the peer-to-peer path.
      opts.track.enabled = !muted;
    },
    setVolume(volume) {
      opts.output.volume = volume;
    },
    close() {
      if (closed) return;
      closed = true;
      remote?.detach(opts.output);
      void room.disconnect();
      opts.onState('closed');
    },
  };
}
