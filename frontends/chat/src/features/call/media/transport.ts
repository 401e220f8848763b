/**
 * One interface for the two ways audio travels (peer to peer, or through LiveKit): the call's
 * state machine lives on the server, and the overlay only needs to publish the (voice-changed)
 * microphone, hear the partner, mute, and learn when media is up or lost.
 */
export type MediaState = 'connecting' | 'connected' | 'failed' | 'closed';

export interface CallTransport {
  /** Starts publishing `track`; the partner's audio plays into `output`. */
  start(): Promise<void>;
  /** Muting sends silence (the track stays published, so unmuting is instant on both transports). */
  setMuted(muted: boolean): void;
  /** Playback volume of the partner's voice (call_volume, 0–1). */
  setVolume(volume: number): void;
  close(): void;
}

export interface TransportOptions {
  track: MediaStreamTrack;
  output: HTMLAudioElement;
  onState: (state: MediaState) => void;
}
