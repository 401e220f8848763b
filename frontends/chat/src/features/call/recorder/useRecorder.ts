import { useCallback, useEffect, useRef, useState } from 'react';

import { MicError, openMicrophone } from '../media/microphone.ts';

/** Spec §4 / §9: a greeting lasts at most 20 s. */
export const RECORD_MAX_MS = 20_000;

/** 'finishing': stop was pressed and the recorder is still handing over its last data (onstop). */
export type RecorderState = 'idle' | 'recording' | 'paused' | 'finishing' | 'recorded' | 'playing';

export interface Recording {
  blob: Blob;
  url: string;
  mimeType: string;
}

/** What MediaRecorder makes here: Opus in WebM (Chrome, Firefox) or Ogg, else MP4 (Safari). */
function pickMimeType(): string {
  const candidates = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];
  return candidates.find((m) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(m)) ?? '';
}

/**
 * The recorder of spec §4: not recording → recording (≤ 20 s, pause and resume) → finishing →
 * recorded ('send to partner' or 'redo') ⇄ playing back. Time counts only while recording, so a pause
 * does not eat into the 20 s.
 */
export function useRecorder(initial: Recording | null) {
  const [state, setState] = useState<RecorderState>(initial ? 'recorded' : 'idle');
  const [recording, setRecording] = useState<Recording | null>(initial);
  const [elapsed, setElapsed] = useState(0);
  const [problem, setProblem] = useState<MicError['problem'] | null>(null);
  /** The last recording came out empty (stopped at once): the user is asked to record again. */
  const [empty, setEmpty] = useState(false);
  const rec = useRef<MediaRecorder | null>(null);
  const track = useRef<MediaStreamTrack | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);
  const counted = useRef(0);
  const since = useRef(0);

  useEffect(() => setRecording(initial), [initial]);
  useEffect(() => {
    if (initial && state === 'idle') setState('recorded');
  }, [initial, state]);

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const stop = useCallback(() => {
    stopTimer();
    if (rec.current && rec.current.state !== 'inactive') {
      setState('finishing');
      rec.current.stop();
    }
  }, []);

  const tick = useCallback(() => {
    const total = counted.current + (performance.now() - since.current);
    setElapsed(Math.min(total, RECORD_MAX_MS));
    if (total >= RECORD_MAX_MS) stop();
  }, [stop]);

  const start = useCallback(async () => {
    setProblem(null);
    setEmpty(false);
    let mic: MediaStreamTrack;
    try {
      mic = await openMicrophone();
    } catch (error) {
      setProblem(error instanceof MicError ? error.problem : 'absent');
      return;
    }
    track.current = mic;
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(new MediaStream([mic]), mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    recorder.onstop = () => {
      track.current?.stop();
      track.current = null;
      const type = recorder.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        // Stopped before the encoder wrote anything: there is nothing to send or play.
        setEmpty(true);
        setState('idle');
        return;
      }
      setRecording({ blob, url: URL.createObjectURL(blob), mimeType: type });
      setState('recorded');
    };
    rec.current = recorder;
    counted.current = 0;
    since.current = performance.now();
    setElapsed(0);
    recorder.start(250);
    setState('recording');
    timer.current = setInterval(tick, 100);
  }, [tick]);

  const pause = useCallback(() => {
    if (rec.current?.state !== 'recording') return;
    rec.current.pause();
    counted.current += performance.now() - since.current;
    stopTimer();
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (rec.current?.state !== 'paused') return;
    rec.current.resume();
    since.current = performance.now();
    timer.current = setInterval(tick, 100);
    setState('recording');
  }, [tick]);

  const redo = useCallback(() => {
    player.current?.pause();
    if (recording && recording !== initial) URL.revokeObjectURL(recording.url);
    setRecording(null);
    setElapsed(0);
    setState('idle');
  }, [recording, initial]);

  const play = useCallback(() => {
    if (!recording) return;
    player.current?.pause();
    const audio = new Audio(recording.url);
    player.current = audio;
    audio.onended = () => setState('recorded');
    setState('playing');
    audio.play().catch(() => setState('recorded'));
  }, [recording]);

  const stopPlaying = useCallback(() => {
    player.current?.pause();
    setState('recorded');
  }, []);

  useEffect(
    () => () => {
      stopTimer();
      if (rec.current && rec.current.state !== 'inactive') rec.current.stop();
      track.current?.stop();
      player.current?.pause();
    },
    [],
  );

  return { state, recording, elapsed, problem, empty, start, pause, resume, stop, redo, play, stopPlaying };
}
