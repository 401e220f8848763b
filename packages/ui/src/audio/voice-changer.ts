import { PITCH_PROCESSOR, PITCH_WORKLET_SOURCE } from './pitch-worklet.ts';
import { RING_HZ, voiceParams, type VoiceSettings } from './voice-params.ts';

/** The processed voice: `track` is what gets published; `close` stops the graph (not the microphone). */
export interface VoiceChanger {
  track: MediaStreamTrack;
  /** True when the settings were neutral and `track` is the microphone's own. */
  bypassed: boolean;
  update(settings: VoiceSettings): void;
  close(): void;
}

const loading = new WeakMap<BaseAudioContext, Promise<void>>();

/**
 * Loads the pitch shifter's worklet into `ctx` (once per context, however many ask at once). Needs
 * no microphone, so a call can do it while it rings and the changer is ready at the answer.
 */
export function loadVoiceWorklet(ctx: AudioContext): Promise<void> {
  let done = loading.get(ctx);
  if (!done) {
    const url = URL.createObjectURL(new Blob([PITCH_WORKLET_SOURCE], { type: 'text/javascript' }));
    done = ctx.audioWorklet.addModule(url).finally(() => URL.revokeObjectURL(url));
    done.catch(() => loading.delete(ctx));
    loading.set(ctx, done);
  }
  return done;
}

/**
 * Shapes the microphone through pitch shift → tone tilt (two shelves) → ring modulation before
 * anything is published, on either transport. Neutral settings skip the graph entirely so the
 * voice goes out untouched (no added latency or colouring).
 */
export async function createVoiceChanger(
  ctx: AudioContext,
  mic: MediaStreamTrack,
  settings: VoiceSettings,
): Promise<VoiceChanger> {
  const first = voiceParams(settings);
  if (first.neutral) return { track: mic, bypassed: true, update: () => undefined, close: () => undefined };

  await loadVoiceWorklet(ctx);
  const source = ctx.createMediaStreamSource(new MediaStream([mic]));
  const pitch = new AudioWorkletNode(ctx, PITCH_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
  });
  const low = new BiquadFilterNode(ctx, { type: 'lowshelf', frequency: 300 });
  const high = new BiquadFilterNode(ctx, { type: 'highshelf', frequency: 3000 });
  // Ring modulation as a gain whose value swings around (1 - depth) by ±depth at RING_HZ.
  const ring = new GainNode(ctx);
  const osc = new OscillatorNode(ctx, { frequency: RING_HZ });
  const depth = new GainNode(ctx);
  const out = ctx.createMediaStreamDestination();
  source.connect(pitch).connect(low).connect(high).connect(ring).connect(out);
  osc.connect(depth).connect(ring.gain);
  osc.start();

  const apply = (s: VoiceSettings) => {
    const p = voiceParams(s);
    pitch.parameters.get('ratio')?.setValueAtTime(p.pitchRatio, ctx.currentTime);
    low.gain.setValueAtTime(p.lowShelfDb, ctx.currentTime);
    high.gain.setValueAtTime(p.highShelfDb, ctx.currentTime);
    ring.gain.setValueAtTime(1 - p.ringDepth, ctx.currentTime);
    depth.gain.setValueAtTime(p.ringDepth, ctx.currentTime);
  };
  apply(settings);
  const track = out.stream.getAudioTracks()[0]!;
  return {
    track,
    bypassed: false,
    update: apply,
    close() {
      osc.stop();
      for (const node of [source, pitch, low, high, ring, osc, depth]) node.disconnect();
      track.stop();
    },
  };
}
