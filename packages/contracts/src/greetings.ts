import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, IdParams, Nullable, Ok, endpoint } from './common.ts';

/**
 * The voice greeting (spec topics-chat-calls §4 recorder): one recording per user, played on the
 * callee's ring screen. The spec's client splits a recording over `/users/audio_record_1…7`
 * (a document-size limit of its old store); honne takes the whole recording in one upload at
 * `/users/audio_record` with the same limits: at most 20 s.
 */
export const GREETING_MAX_MS = 20_000;
/** Decoders and MediaRecorder timestamps disagree by a frame or two; a little over 20 s is still 20 s. */
export const GREETING_DURATION_TOLERANCE_MS = 500;
/** 20 s of Opus at the highest MediaRecorder default bitrate (128 kb/s) is ≈ 320 kB; WAV is refused. */
export const GREETING_MAX_BYTES = 512 * 1024;
export const GREETING_MIME_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type GreetingMimeType = (typeof GREETING_MIME_TYPES)[number];

export const GREETING_MESSAGES = {
  /** Spec §5 and §8, quoted: sending without a finished recording. */
  recordingMissing: '録画を終了しなければします。',
  notAudio: '音声ファイルとして読み取れませんでした。もう一度録音してください。',
  tooLong: '録音は20秒以内にしてください。',
  tooLarge: '録音データが大きすぎます。もう一度録音してください。',
} as const;

export const GreetingUploadBody = Type.Object({
  /** The recording, base64 (spec field name audioRecordN, without the part number). */
  audioRecord: Type.String({ maxLength: Math.ceil((GREETING_MAX_BYTES * 4) / 3) + 4 }),
  mime_type: Type.String({ maxLength: 100 }),
});
export type GreetingUploadBody = Static<typeof GreetingUploadBody>;

export const Greeting = Type.Object({
  mime_type: Type.String(),
  duration_ms: Type.Integer(),
  size: Type.Integer(),
  updated_at: Type.String(),
});
export type Greeting = Static<typeof Greeting>;

/** The recording itself, as a data URL an <audio> element plays directly. */
export const GreetingAudio = Type.Object({
  mime_type: Type.String(),
  duration_ms: Type.Integer(),
  audio: Type.String(),
});
export type GreetingAudio = Static<typeof GreetingAudio>;

export const greetingEndpoints = {
  upload: endpoint({
    method: 'PUT',
    url: '/users/audio_record',
    service: 'calls',
    summary: 'Saves (replaces) the caller greeting: webm/ogg/mp4 audio, at most 20 s and 512 kB, checked on the server',
    auth: 'user',
    schema: { body: GreetingUploadBody, response: { 200: Envelope(Greeting), 401: ErrorEnvelope, 403: ErrorEnvelope } },
  }),
  mine: endpoint({
    method: 'GET',
    url: '/users/audio_record',
    service: 'calls',
    summary: 'My greeting with its audio, or null when I have none',
    auth: 'user',
    schema: { response: { 200: Envelope(Nullable(GreetingAudio)), 401: ErrorEnvelope } },
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/users/audio_record',
    service: 'calls',
    summary: 'Deletes my greeting',
    auth: 'user',
    schema: { response: { 200: Envelope(Ok), 401: ErrorEnvelope } },
  }),
  ofCaller: endpoint({
    method: 'GET',
    url: '/rooms/:id/greeting',
    service: 'calls',
    summary:
      "The caller's greeting for the callee of the call now ringing in room :id (null when they have none); anyone else gets 404",
    auth: 'user',
    schema: {
      params: IdParams,
      response: { 200: Envelope(Nullable(GreetingAudio)), 401: ErrorEnvelope, 404: ErrorEnvelope },
    },
  }),
} as const;
