import { Type, type Static } from '@sinclair/typebox';

import { Envelope, ErrorEnvelope, Nullable, endpoint, type FieldErrors } from './common.ts';

/**
 * Web push (issue 14). A device opts in from the settings screen: the browser's PushManager makes a
 * subscription against the server's VAPID public key, and the device hands it to accounts, which keeps
 * one per signed-in device (session). Accounts pushes a new message or an incoming call to it while
 * none of the user's sockets is open. The subscription goes with the session: logout, a login on
 * another device (one device per account) or a 404/410 from the push service removes it.
 */

/** What a browser's `PushSubscription.toJSON()` gives, plus this device's choice of previews. */
export const PushSubscriptionBody = Type.Object({
  /** The push service's URL for this browser (https; loopback http only outside production). */
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
  keys: Type.Object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: Type.String({ minLength: 1, maxLength: 128 }),
    /** The 16-byte auth secret, base64url. */
    auth: Type.String({ minLength: 1, maxLength: 64 }),
  }),
  /** Show the message's text in the notification (never for an anonymous room). Default true. */
  show_text: Type.Optional(Type.Boolean()),
  /** The browser's own expiry hint; kept for nothing, accepted because toJSON() carries it. */
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** This device's push state and what a browser needs to subscribe. */
export const PushState = Type.Object({
  /** The VAPID public key (base64url), the PushManager's `applicationServerKey`; null when push is off on this server. */
  public_key: Nullable(Type.String()),
  /** This device (session) has a subscription. */
  subscribed: Type.Boolean(),
  /** This device's subscription shows message texts (false when not subscribed). */
  show_text: Type.Boolean(),
});
export type PushState = Static<typeof PushState>;

/**
 * The JSON a push carries, read by `/sw-push.js`. `url` is where a tap leads: the room for a message,
 * the room of a ringing call (the call overlay reads `GET /calls/current` when the app opens).
 * `call_end` withdraws a call's notification once it stops ringing (answered, declined, cancelled
 * or unanswered): the worker closes the notification with the same `tag` and shows nothing; its
 * `title` and `body` are empty.
 */
export const PushPayload = Type.Object({
  kind: Type.Union([Type.Literal('message'), Type.Literal('call'), Type.Literal('call_end')]),
  title: Type.String(),
  body: Type.String(),
  /** One notification per room (messages) or per call: a newer one replaces it, a `call_end` closes it. */
  tag: Type.String(),
  url: Type.String(),
  room_id: Type.String(),
  call_id: Type.Optional(Type.String()),
  at: Type.String(),
});
export type PushPayload = Static<typeof PushPayload>;

/** The words of notifications and of the opt-in's errors (ours; docs/strings.md). */
export const PUSH_MESSAGES = {
  endpointInvalid: '通知の登録先が正しくありません。',
  keyInvalid: '通知の暗号鍵が正しくありません。',
  /** The server runs without VAPID keys (production without them set). */
  unavailable: 'プッシュ通知は現在ご利用いただけません。',
  messageTitleNamed: (name: string) => `${name}さんからメッセージ`,
  messageTitleAnonymous: '新しいメッセージ',
  /** The body of a text message whose text is not shown (an anonymous room, or previews off). Other kinds say what they are (messagePreview). */
  messageHidden: 'メッセージが届きました。',
  callTitle: '着信',
  callBodyNamed: (name: string) => `${name}さんから着信があります。`,
  callBodyAnonymous: '着信があります。',
} as const;

/** At most this many characters of a message's text reach the lock screen. */
export const PUSH_TEXT_MAX = 100;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
const decodedLength = (s: string) => Math.floor((s.replace(/=+$/, '').length * 3) / 4);

/**
 * The checks of a subscription beyond its shape. `allowLoopbackHttp` is the non-production allowance
 * for a test push service on 127.0.0.1; `hostAllowed` says whether an https host is a push service
 * the server will post to (the server never posts to an address a client chose freely).
 */
export function validatePushSubscription(
  body: PushSubscriptionBody,
  opts: { allowLoopbackHttp: boolean; hostAllowed: (host: string) => boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  let url: URL | undefined;
  try {
    url = new URL(body.endpoint);
  } catch {
    url = undefined;
  }
  const loopback = url && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
  const ok =
    url !== undefined &&
    url.username === '' &&
    url.password === '' &&
    ((url.protocol === 'https:' && hostAllowed(url, opts)) ||
      (opts.allowLoopbackHttp && loopback && (url.protocol === 'http:' || url.protocol === 'https:')));
  if (!ok) errors.endpoint = PUSH_MESSAGES.endpointInvalid;
  const { p256dh, auth } = body.keys;
  if (!base64url.test(p256dh) || decodedLength(p256dh) !== 65) errors['keys.p256dh'] = PUSH_MESSAGES.keyInvalid;
  if (!base64url.test(auth) || decodedLength(auth) !== 16) errors['keys.auth'] = PUSH_MESSAGES.keyInvalid;
  return errors;
}

function hostAllowed(url: URL, opts: { hostAllowed: (host: string) => boolean }): boolean {
  return opts.hostAllowed(url.hostname.toLowerCase());
}

/**
 * Push services of the browsers people use (Chrome/Edge through FCM, Firefox, Safari, Windows).
 * A suffix matches the host itself or any subdomain.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export const isPushServiceHost = (host: string, suffixes: readonly string[] = PUSH_SERVICE_HOSTS) =>
  suffixes.some((s) => host === s || host.endsWith(`.${s}`));

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope };

export const pushEndpoints = {
  getPush: endpoint({
    method: 'GET',
    url: '/push',
    service: 'accounts',
    summary: "The VAPID public key and this device's push subscription state",
    auth: 'user',
    schema: { response: { 200: Envelope(PushState), ...errors } },
  }),
  putSubscription: endpoint({
    method: 'PUT',
    url: '/push/subscription',
    service: 'accounts',
    summary: "Opt this device in to push (its PushSubscription); replaces this device's earlier one",
    auth: 'user',
    schema: { body: PushSubscriptionBody, response: { 200: Envelope(PushState), ...errors } },
  }),
  deleteSubscription: endpoint({
    method: 'DELETE',
    url: '/push/subscription',
    service: 'accounts',
    summary: 'Opt this device out of push',
    auth: 'user',
    schema: { response: { 200: Envelope(PushState), ...errors } },
  }),
} as const;
