import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, IdParams, Nullable, Ok, Uuid, endpoint } from './common.ts';

/**
 * The voice greeting (spec topics-chat-calls §4 recorder): one recording per user, played on the
 * callee's ring screen. honne's screens upload the whole recording at `/users/audio_record`; the
 * spec's client splits it over `PUT /users/audio_record_1…7 {user_id, audioRecordN}` (a
 * document-size limit of its old store), which is accepted too: the parts wait until all seven are
 * in, then are assembled and checked as one upload. Either way: at most 20 s.
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

/** The spec's seven parts of one recording. */
export const GREETING_PARTS = 7;
/** Parts older than this are from an abandoned upload and are dropped when a new part arrives. */
export const GREETING_PART_TTL_MS = 10 * 60_000;

/**
 * `PUT /users/audio_record_N`: part N (1–7) of the recording, as the spec's client sends it — a
 * slice of the recording's data URL (or base64), in order. The mime type is the data URL's, or read
 * from the bytes. `user_id` is accepted; one naming someone other than the caller is refused.
 */
export const greetingPartBody = (n: number) =>
  Type.Object({
    user_id: Type.Optional(Nullable(Uuid())),
    ...{ [`audioRecord${n}`]: Type.String({ maxLength: Math.ceil((GREETING_MAX_BYTES * 4) / 3) + 100 }) },
  });

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

/** After a part: how many of the seven are in, and the greeting once the seventh made it whole. */
export const GreetingPartResult = Type.Object({
  received: Type.Integer(),
  greeting: Nullable(Greeting),
});
export type GreetingPartResult = Static<typeof GreetingPartResult>;

const partEndpoint = <N extends 1 | 2 | 3 | 4 | 5 | 6 | 7>(n: N) =>
  endpoint({
    method: 'PUT',
    url: `/users/audio_record_${n}` as const,
    service: 'calls',
    summary: `Part ${n} of 7 of the caller greeting as the spec's client uploads it; the seventh in completes and checks it`,
    auth: 'user',
    schema: {
      body: greetingPartBody(n),
      response: { 200: Envelope(GreetingPartResult), 401: ErrorEnvelope, 403: ErrorEnvelope },
    },
  });

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
  part1: partEndpoint(1),
  part2: partEndpoint(2),
  part3: partEndpoint(3),
  part4: partEndpoint(4),
  part5: partEndpoint(5),
  part6: partEndpoint(6),
  part7: partEndpoint(7),
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
