import { Button, createVoiceChanger, type VoiceChanger, type VoiceSettings, ErrorLine } from '@honne/ui';
import { useEffect, useRef, useState } from 'react';

import { strings } from '../../strings.ts';

type Problem = 'insecure' | 'denied' | 'absent';

interface Live {
  ctx: AudioContext;
  mic: MediaStreamTrack;
  changer: VoiceChanger;
  node: MediaStreamAudioSourceNode;
}

/**
 * Hear yourself through the voice changer, exactly as the partner will: the microphone goes
 * through the same graph a call publishes, and the sliders act on it live. Headphones avoid the
 * speaker feeding back into the microphone.
 */
export function VoicePreview({ settings }: { settings: VoiceSettings }) {
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const live = useRef<Live | null>(null);

  const stop = () => {
    const l = live.current;
    live.current = null;
    if (l) {
      l.node.disconnect();
      l.changer.close();
      l.mic.stop();
      void l.ctx.close();
    }
    setOn(false);
  };

  const start = async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('insecure');
      return;
    }
    let mic: MediaStreamTrack | undefined;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true } });
      mic = stream.getAudioTracks()[0];
    } catch (error) {
      setProblem((error as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'absent');
      return;
    }
    if (!mic) {
      setProblem('absent');
      return;
    }
    const ctx = new AudioContext();
    // Always through the graph, so even neutral settings are heard as the partner hears them.
    const changer = await createVoiceChanger(ctx, mic, settings);
    const node = ctx.createMediaStreamSource(new MediaStream([changer.track]));
    node.connect(ctx.destination);
    live.current = { ctx, mic, changer, node };
    setOn(true);
  };

  useEffect(() => {
    // A change across neutral needs a new graph (neutral bypasses it); otherwise update in place.
    const l = live.current;
    if (!l) return;
    if (l.changer.bypassed) {
      stop();
      void start();
    } else l.changer.update(settings);
  }, [settings.setting1, settings.setting2, settings.setting3]);

  useEffect(() => stop, []);

  return (
    <div className="hn-stack" style={{ gap: 'var(--hn-space-2)' }}>
      <Button variant="secondary" block aria-pressed={on} onClick={() => (on ? stop() : void start())}>
        {on ? strings.voicePreviewStop : strings.voicePreview}
      </Button>
      <p className="hn-field__hint" style={{ margin: 0 }}>
        {strings.voicePreviewHint}
      </p>
      <ErrorLine message={problem ? strings.voicePreviewProblem[problem] : null} />
    </div>
  );
}
