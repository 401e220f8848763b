/**
 * The microphone, asked for before anything else happens (spec §4: denial means the call does not
 * start). Failures come back as one of three reasons the overlay turns into a clear message.
 */
export type MicProblem = 'insecure' | 'denied' | 'absent';

export class MicError extends Error {
  constructor(readonly problem: MicProblem) {
    super(`microphone ${problem}`);
  }
}

export async function openMicrophone(): Promise<MediaStreamTrack> {
  // mediaDevices only exists on secure origins (https or localhost).
  if (!globalThis.navigator?.mediaDevices?.getUserMedia) throw new MicError('insecure');
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      video: false,
    });
    const track = stream.getAudioTracks()[0];
    if (!track) throw new MicError('absent');
    return track;
  } catch (error) {
    if (error instanceof MicError) throw error;
    const name = (error as { name?: string }).name;
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new MicError('denied');
    throw new MicError('absent');
  }
}
